import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { isTooManyAttempts, tooManyAttemptsText } from '../../../api/messages.ts';
import { useSession } from '../../../api/session.ts';

const request = (body: BodyOf<typeof tsr.account.login.mutate>) => ({ body });

/** Log in, answering whether the address and password matched; then ask the server who we are now. */
export function useLogIn() {
  const session = useSession();
  const mutation = tsr.account.login.useMutation({
    onSuccess: async (answer) => {
      if (answer.body === true) await session.refresh();
    },
  });
  return useAction(mutation, request);
}

/** The sentence for a log in that did not go through. */
export const logInFailureText = (error: unknown) =>
  isTooManyAttempts(error) ? tooManyAttemptsText(error) : 'email or password is incorrect';
