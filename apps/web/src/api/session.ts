import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '@site/contract';
import { api } from './client.ts';

export const meKey = ['me'] as const;

/** The logged-in user, or null for a visitor (any failed answer counts as a visitor). */
async function fetchMe(): Promise<User | null> {
  const res = await api.account.me().catch(() => null);
  return res?.status === 200 ? res.body : null;
}

/** The logged-in user, or null for a visitor; `ready` turns true once the first answer is in. */
export function useCurrentUser(): { user: User | null; ready: boolean } {
  const query = useQuery({
    queryKey: meKey,
    queryFn: fetchMe,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
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
      queryClient.setQueryData(meKey, user);
    },
  };
}

/** Writes a change of the current user into the cache at once (optimistic) or from the server's answer. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return (change: Partial<User> | User) =>
    queryClient.setQueryData<User | null>(meKey, (me) => (me ? { ...me, ...change } : me));
}
