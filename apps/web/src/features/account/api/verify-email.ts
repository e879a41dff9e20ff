import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useSession } from '../../../api/session.ts';

/** Redeems the token of a verification e-mail. */
const request = (token: string) => ({ body: { token } });

/** Verify the address, then reload the current user (now verified). */
export function useVerifyEmail() {
  const session = useSession();
  return useAction(tsr.account.verifyEmail.useMutation({ onSuccess: () => session.refresh() }), request);
}
