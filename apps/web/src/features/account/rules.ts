import { EmailAddress, NewPassword } from '@site/contract';

/** The form rules of the account screens, kept pure so they are tested once and used everywhere. */

export const canLogIn = (email: string, password: string) => email.trim() !== '' && password !== '';

export const canCreateAccount = (email: string, password: string, retype: string) =>
  email.trim() !== '' && password !== '' && retype !== '' && password === retype;

export const canResetPassword = (password: string, retype: string) => password !== '' && password === retype;

export const canRequestReset = (email: string) => email.trim() !== '';

/** A trimmed address of the shape name@host.tld. */
export const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const minPasswordLength = 8;

/** What is wrong with a new password by the contract's own rule and words (the server checks the same), or null. */
export const passwordProblem = (password: string): string | null =>
  NewPassword.safeParse(password).error?.issues[0]?.message ?? null;

/** What is wrong with an e-mail address by the contract's rule and words, or null. */
export const emailProblem = (email: string): string | null =>
  EmailAddress.safeParse(email).error?.issues[0]?.message ?? null;

/** The product's words for a retyped password that differs. */
export const retypeProblem = (password: string, retype: string): string | null =>
  password === retype ? null : 'passwords do not match';
