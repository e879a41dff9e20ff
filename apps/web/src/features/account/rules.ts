/** The form rules of the account screens, kept pure so they are tested once and used everywhere. */

export const canLogIn = (email: string, password: string) => email.trim() !== '' && password !== '';

export const canCreateAccount = (email: string, password: string, retype: string) =>
  email.trim() !== '' && password !== '' && retype !== '' && password === retype;

/** Shown while typing on the reset page, whenever the two differ. */
export const passwordsDiffer = (password: string, retype: string) => password !== retype;

export const canResetPassword = (password: string, retype: string) => password !== '' && password === retype;

export const canRequestReset = (email: string) => email.trim() !== '';

/** A trimmed address of the shape name@host.tld. */
export const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

export const minPasswordLength = 8;
