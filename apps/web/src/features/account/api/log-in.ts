import { useMutation } from '@tanstack/react-query';
import { api, type BodyOf } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { isTooManyAttempts, tooManyAttemptsText } from '../../../api/messages.ts';
import { useSession } from '../../../api/session.ts';

/** Logs in; answers whether the address and password matched. */
export const logIn = (body: BodyOf<typeof api.account.login>) => okBody(api.account.login({ body }));

/** Log in, then ask the server who we are now (which shows the member's screens). */
export function useLogIn() {
  const session = useSession();
  return useMutation({
    mutationFn: logIn,
    onSuccess: async (matched) => {
      if (matched) await session.refresh();
    },
  });
}

/** The sentence for a log in that did not go through. */
export const logInFailureText = (error: unknown) =>
  isTooManyAttempts(error) ? tooManyAttemptsText(error) : 'email or password is incorrect';
