import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { anyAnswer } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';

/** Ends the session; whatever the server answers, this browser is logged out from then on. */
export const logOut = () => anyAnswer(api.account.logout());

/** Log out and forget every cached answer that belonged to the user. */
export function useLogOut() {
  const session = useSession();
  return useMutation({ mutationFn: logOut, onSuccess: () => session.setUser(null) });
}
