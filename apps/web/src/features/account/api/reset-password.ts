import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { ApiFailure } from '../../../api/failure.ts';
import { emailProblem, passwordProblem } from '../rules.ts';

type Reset = BodyOf<typeof tsr.account.passwordResetSubmit.mutate>;

const request = (body: Reset) => ({ body });

/** Set a new password with the id from a mailed reset link. */
export const useResetPassword = () => useAction(tsr.account.passwordResetSubmit.useMutation(), request);

/**
 * What to tell about a refused reset: words by the field at fault (a common password, a rule the contract
 * checks), trouble on the way under the form (`field` null), or `expired` for a link that no longer works (the
 * screen shows its own paragraph with a link to ask again).
 */
export function resetPasswordRefusal(
  error: unknown,
  body: Reset,
): { field: 'email' | 'password' | null; message: string } | 'expired' {
  if (!(error instanceof ApiFailure)) return 'expired';
  if (error.code === 'weak_password')
    return { field: 'password', message: error.serverMessage ?? 'Please choose a less common password' };
  if (error.code === 'bad_request' && error.fields.includes('emailAddress'))
    return { field: 'email', message: emailProblem(body.emailAddress) ?? 'This address is not accepted' };
  if (error.code === 'bad_request' && error.fields.includes('password'))
    return { field: 'password', message: passwordProblem(body.password) ?? 'Please choose another password' };
  if (error.kind === 'offline' || error.kind === 'unavailable')
    return { field: null, message: 'Could not reset the password. Please try again.' };
  return 'expired';
}
