import { describe, expect, it } from 'vitest';
import {
  canCreateAccount,
  canLogIn,
  canRequestReset,
  canResetPassword,
  emailProblem,
  isEmailAddress,
  passwordProblem,
  retypeProblem,
} from './rules.ts';

describe('log in form', () => {
  it('allows submitting only with both email and password', () => {
    expect(canLogIn('', '')).toBe(false);
    expect(canLogIn('a@b.co', '')).toBe(false);
    expect(canLogIn('', 'secret')).toBe(false);
    expect(canLogIn('   ', 'secret')).toBe(false);
    expect(canLogIn('a@b.co', 'secret')).toBe(true);
  });
});

describe('create account form', () => {
  it('needs all three fields and matching passwords', () => {
    expect(canCreateAccount('a@b.co', 'password1', '')).toBe(false);
    expect(canCreateAccount('', 'password1', 'password1')).toBe(false);
    expect(canCreateAccount('a@b.co', 'password1', 'password2')).toBe(false);
    expect(canCreateAccount('a@b.co', 'password1', 'password1')).toBe(true);
  });
});

describe('password reset forms', () => {
  it('needs an email to request a reset', () => {
    expect(canRequestReset('')).toBe(false);
    expect(canRequestReset('a@b.co')).toBe(true);
  });

  it('needs a non-empty password equal to its re-type, and flags any mismatch while typing', () => {
    expect(canResetPassword('', '')).toBe(false);
    expect(canResetPassword('newpass12', 'newpass1')).toBe(false);
    expect(retypeProblem('newpass12', 'newpass1')).toBe('passwords do not match');
    expect(canResetPassword('newpass12', 'newpass12')).toBe(true);
    expect(retypeProblem('newpass12', 'newpass12')).toBeNull();
  });
});

describe('words by a field', () => {
  it("says what a new password lacks in the contract's words, never the validator's", () => {
    expect(passwordProblem('short')).toBe('At least 8 characters');
    expect(passwordProblem('x'.repeat(129))).toBe('At most 128 characters');
    expect(passwordProblem('long enough')).toBeNull();
  });

  it('asks for a whole e-mail address', () => {
    expect(emailProblem('ada@')).toBe('Enter an e-mail address like name@example.com');
    expect(emailProblem(' ada@example.com ')).toBeNull();
  });
});

describe('e-mail address shape', () => {
  it('accepts trimmed name@host.tld and refuses the rest', () => {
    expect(isEmailAddress(' ada@example.com ')).toBe(true);
    expect(isEmailAddress('ada@example')).toBe(false);
    expect(isEmailAddress('ada example.com')).toBe(false);
    expect(isEmailAddress('@example.com')).toBe(false);
  });
});
