import { failureText, isTooManyAttempts } from '../../../api/messages.ts';

/**
 * Why sharing with one address failed. A refused rate (the daily limit on new addresses) is told in the server's
 * own words, which say when to try again; anything else as any failed action.
 */
export function shareFailureText(emailAddress: string, error: unknown): string {
  const action = `share with ${emailAddress}`;
  if (isTooManyAttempts(error) && error.serverMessage) return `Could not ${action}: ${error.serverMessage}.`;
  return failureText(action, error);
}
