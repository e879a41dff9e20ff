import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../api/client.ts';
import { ApiFailure, noContent } from '../../../api/failure.ts';
import { minPasswordLength } from '../rules.ts';

/** Sets a new password with the id from a mailed reset link. */
export const resetPassword = (body: BodyOf<typeof api.account.passwordResetSubmit>) =>
  noContent(api.account.passwordResetSubmit({ body }));

/** Reset the password from a mailed link. */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

/**
 * What to tell about a refused reset: the password rule it broke, or `expired` for a link that no longer works
 * (the screen shows its own paragraph with a link to ask again).
 */
export function resetPasswordProblem(error: unknown): string {
  if (error instanceof ApiFailure && error.kind === 'invalid') {
    if (error.code === 'weak_password' && error.serverMessage) return error.serverMessage;
    if (error.code === 'bad_request')
      return `Please choose a password of ${minPasswordLength} to 128 characters.`;
  }
  return 'expired';
}
