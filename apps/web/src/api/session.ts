import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { User } from '@site/contract';
import { tsr } from './client.ts';
import { okAnswer, changeBody } from './cached-answer.ts';
import { ApiFailure } from './failure.ts';

export const meKey = ['me'] as const;

/**
 * Caches who is logged in: `user` as `GET /api/me` answers it, or, for a visitor, the failure that answer gives
 * (so logging out needs no request, and nothing waits for one).
 */
export function setCurrentUser(queryClient: QueryClient, user: User | null) {
  if (user) {
    queryClient.setQueryData(meKey, okAnswer(user));
    return;
  }
  queryClient
    .getQueryCache()
    .build(queryClient, { queryKey: meKey })
    .setState({
      status: 'error',
      data: undefined,
      error: new ApiFailure('logged_out', true),
      fetchStatus: 'idle',
      dataUpdatedAt: Date.now(),
      errorUpdatedAt: Date.now(),
    });
}

/** The logged-in user, or null for a visitor; `ready` turns true once the first answer is in. */
export function useCurrentUser(): { user: User | null; ready: boolean } {
  const query = tsr.account.me.useQuery({
    queryKey: meKey,
    select: (answer) => answer.body,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
    // A visitor stays one until they log in (no asking again for each screen that mounts).
    retryOnMount: false,
  });
  // Any failed answer counts as a visitor.
  return { user: query.data ?? null, ready: !query.isPending };
}

/** Ways to change who is logged in, keeping every cached answer consistent with it. */
export function useSession() {
  const queryClient = useQueryClient();
  return {
    /** After a successful log in: ask the server who we are now. */
    refresh: () => queryClient.invalidateQueries({ queryKey: meKey }),
    /** Sets the user from an answer already in hand (sign up, log out). */
    setUser: (user: User | null) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
      setCurrentUser(queryClient, user);
    },
  };
}

/** Writes a change of the current user into the cache at once (optimistic) or from the server's answer. */
export function useUpdateMe() {
  const tsrQueryClient = tsr.useQueryClient();
  return (change: Partial<User> | User) =>
    tsrQueryClient.account.me.setQueryData(
      meKey,
      changeBody((me) => ({ ...me, ...change })),
    );
}
