import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { ApiFailure } from '../../../api/failure.ts';
import { isTooManyAttempts, messageOf, tooManyAttemptsText } from '../../../api/messages.ts';

type SignUp = Parameters<typeof tsr.account.signup.mutate>[0]['body'];

const request = (body: SignUp) => ({ body });

/** Create an account, answering the new user (the caller logs in with it once the user says OK). */
export const useCreateAccount = () => useAction(tsr.account.signup.useMutation(), request);

/** The sentence for a refused sign-up: the password rule broken, too many attempts, or a taken address. */
export function createAccountFailureText(error: unknown): string {
  if (error instanceof ApiFailure && error.kind === 'invalid')
    return messageOf(error, '').replace(/^body\.\w+: /, 'Password: ');
  if (isTooManyAttempts(error)) return tooManyAttemptsText(error);
  return 'email address is not available';
}
