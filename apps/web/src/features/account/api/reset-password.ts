import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { ApiFailure } from '../../../api/failure.ts';
import { minPasswordLength } from '../rules.ts';

const request = (body: BodyOf<typeof tsr.account.passwordResetSubmit.mutate>) => ({ body });

/** Set a new password with the id from a mailed reset link. */
export const useResetPassword = () => useAction(tsr.account.passwordResetSubmit.useMutation(), request);

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
