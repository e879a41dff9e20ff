import { tsr } from '../../../api/client.ts';
import { useAction } from '../../../api/action.ts';
import { useSession } from '../../../api/session.ts';

const request = (code: string) => ({ body: { code } });

/** Finishes a log in with a code from the authenticator app or a recovery code; then reads the session anew. */
export function useSecondFactor() {
  const session = useSession();
  const mutation = tsr.secondFactor.secondFactor.useMutation({ onSuccess: () => session.refresh() });
  return useAction(mutation, request);
}
