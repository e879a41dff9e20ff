import { ApiFailure } from './failure.ts';

/**
 * True for a read's answers that mean the thing is not there for this user (missing, or not theirs to see). A read
 * refused as bad input had a malformed id in its path (`/albums/xyz`): nothing can be there either.
 */
export const isNotFound = (error: unknown) =>
  error instanceof ApiFailure &&
  (error.kind === 'not_found' ||
    error.kind === 'invalid' ||
    (error.kind === 'forbidden' && error.code === 'forbidden'));

/** True for the answer a non-owner gets before verifying their e-mail address. */
export const isNotVerified = (error: unknown) => error instanceof ApiFailure && error.kind === 'not_verified';

/** True when the server refused because of too many attempts. */
export const isTooManyAttempts = (error: unknown): error is ApiFailure =>
  error instanceof ApiFailure && error.kind === 'too_many_attempts';

/** The sentence for too many attempts, telling how long to wait when the server says. */
export function tooManyAttemptsText(error: ApiFailure): string {
  const seconds = error.retryAfterSeconds;
  if (!seconds) return 'Too many attempts. Please try again later.';
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** True when an admin has disabled the account being signed in: the server's sentence says what to do. */
export const isAccountDisabled = (error: unknown): error is ApiFailure =>
  error instanceof ApiFailure && error.code === 'account_disabled';

/** True when no answer came at all: the network is down or the site cannot be reached. */
export const isUnreachable = (error: unknown) => error instanceof ApiFailure && error.kind === 'offline';

/** The sentence for a call that got no answer at all. */
export const unreachableText = 'Cannot reach the site. Check your connection and try again.';

/** The server's own sentence for a failure, or `fallback` when it sent none (no answer, a proxy's page). */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiFailure && error.serverMessage) || fallback;
}

/** A sentence for a failed action, saying what the user can do about it. */
export function failureText(action: string, error: unknown): string {
  if (error instanceof ApiFailure) {
    if (error.kind === 'too_large') return `Could not ${action}: the file is too large.`;
    if (error.kind === 'over_quota')
      return `Could not ${action}: ${error.serverMessage ?? 'your storage is full.'}`;
    if (error.kind === 'too_many_attempts')
      return `Could not ${action}: too many attempts, please wait a moment.`;
    if (error.kind === 'not_verified') return `Could not ${action}: please verify your email address first.`;
    if (error.kind === 'not_found') return `Could not ${action}: it no longer exists.`;
    // A clash (a name taken, the same photo already there) stays until something else changes: say which.
    if (error.kind === 'conflict' && error.serverMessage)
      return `Could not ${action}: ${error.serverMessage}`;
  }
  return `Could not ${action}. Please try again.`;
}
