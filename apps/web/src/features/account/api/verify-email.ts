import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { noContent } from '../../../api/failure.ts';
import { useSession } from '../../../api/session.ts';

/** Redeems the token of a verification e-mail. */
export const verifyEmail = (token: string) => noContent(api.account.verifyEmail({ body: { token } }));

/** Verify the address, then reload the current user (now verified). */
export function useVerifyEmail() {
  const session = useSession();
  return useMutation({ mutationFn: verifyEmail, onSuccess: () => session.refresh() });
}
