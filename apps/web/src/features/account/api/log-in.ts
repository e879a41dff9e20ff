import { tsr, type BodyOf } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import {
  isAccountDisabled,
  isTooManyAttempts,
  isUnreachable,
  tooManyAttemptsText,
  unreachableText,
} from '../../../api/messages.ts';
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

/** Answered when the address and password did not match (the server's `false`). */
export const noMatch = 'no match';

/**
 * The sentence for a log in that did not go through: only the server's "no match" blames the address or password;
 * a lost connection or a failing server says so, so no one resets a password that was right.
 */
export function logInFailureText(failure: unknown): string {
  if (failure === noMatch) return 'email or password is incorrect';
  if (isTooManyAttempts(failure)) return tooManyAttemptsText(failure);
  if (isAccountDisabled(failure)) return failure.serverMessage ?? 'This account has been disabled.';
  if (isUnreachable(failure)) return unreachableText;
  return 'The site could not log you in just now. Please try again in a moment.';
}
