import { useQuery } from '@tanstack/react-query';
import { useSession } from './session.ts';

/**
 * Redeems a single-use link mailed to the member (`redeem` sends its token), then reloads the current user. The
 * link works once, so its answer is kept for the page load and never asked again, however often the page mounts:
 * the frame swaps the page for a spinner while the user reloads, which unmounts it, and StrictMode mounts it twice.
 */
export function useRedeemLink(key: readonly unknown[], redeem: () => Promise<unknown>) {
  const session = useSession();
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      await redeem();
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
