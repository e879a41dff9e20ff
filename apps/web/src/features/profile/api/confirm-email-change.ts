import { useQuery } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { useSession } from '../../../api/session.ts';

/**
 * Redeems the link mailed to a new address, then reloads the current user (if this browser is signed in, it now
 * shows the new address). The link works once, so its answer is kept for the page load and never asked again.
 */
export function useConfirmEmailChange(token: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['confirm-email-change', token],
    queryFn: async () => {
      await tsr.security.confirmEmail.mutate({ body: { token } });
      await session.refresh();
      return true;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
