import { useQuery } from '@tanstack/react-query';
import { tsr } from '../../../api/client.ts';
import { useSession } from '../../../api/session.ts';

/**
 * Redeems the token of a verification e-mail, then reloads the current user (now verified; signed in, when the
 * link was opened in a browser without the session). A token works once, so its answer is kept for the page load
 * and never asked again, however often the page mounts: the frame swaps the page for a spinner while the user
 * reloads, which unmounts it, and StrictMode mounts it twice.
 */
export function useVerifyEmail(token: string) {
  const session = useSession();
  return useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      await tsr.account.verifyEmail.mutate({ body: { token } });
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
