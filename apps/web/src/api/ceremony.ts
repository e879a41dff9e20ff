import { isTooManyAttempts, messageOf, tooManyAttemptsText } from './messages.ts';

/**
 * The sentence for a passkey step that failed: the browser's refusal (cancelled, timed out, no passkey here) in
 * words, else the server's.
 */
export function ceremonyText(error: unknown, fallback: string): string {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return `${fallback} It was cancelled or timed out.`;
  }
  if (error instanceof Error && error.name === 'InvalidStateError') {
    return 'This device holds a passkey for your account already.';
  }
  if (error instanceof Error && error.name === 'SecurityError') {
    return 'Passkeys do not work at this address; open the site at its usual address.';
  }
  return isTooManyAttempts(error) ? tooManyAttemptsText(error) : messageOf(error, fallback);
}
