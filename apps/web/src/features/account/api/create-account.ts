import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../api/client.ts';
import { ApiFailure, okBody } from '../../../api/failure.ts';
import { isTooManyAttempts, messageOf, tooManyAttemptsText } from '../../../api/messages.ts';

/** Creates an account; answers the new user, or null when the address is taken. */
export const createAccount = (body: BodyOf<typeof api.account.signup>) =>
  okBody(api.account.signup({ body }));

/** Create an account (the caller logs in with the answer once the user says OK). */
export const useCreateAccount = () => useMutation({ mutationFn: createAccount });

/** The sentence for a refused sign-up: the password rule broken, too many attempts, or a taken address. */
export function createAccountFailureText(error: unknown): string {
  if (error instanceof ApiFailure && error.kind === 'invalid')
    return messageOf(error, '').replace(/^body\.\w+: /, 'Password: ');
  if (isTooManyAttempts(error)) return tooManyAttemptsText(error);
  return 'email address is not available';
}
