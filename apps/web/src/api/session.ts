import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberCookieName, type User } from '@site/contract';
import { api } from './client.ts';

export const meKey = ['me'] as const;

const hasMemberCookie = () => new RegExp(`(?:^|;\\s*)${memberCookieName}=1`).test(document.cookie);

/**
 * Who is logged in: the user, or null for a visitor. main.tsx asks it before the first render, so the answer and
 * the first screen's chunk travel together.
 */
export const currentUserQuery = queryOptions({
  queryKey: meKey,
  queryFn: async (): Promise<User | null> => {
    // Without the member cookie a visitor is logged out; asking /api/me would only log a 401 in the console.
    // The CSRF call still gives the token later forms need, and a session older than the cookie gets it here.
    if (!hasMemberCookie()) {
      await api.account.csrf().catch(() => null);
      if (!hasMemberCookie()) return null;
    }
    // Any failed answer counts as a visitor.
    const res = await api.account.me().catch(() => null);
    return res?.status === 200 ? res.body : null;
  },
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  retry: false,
});

/** The logged-in user, or null for a visitor; `ready` turns true once the first answer is in. */
export function useCurrentUser(): { user: User | null; ready: boolean } {
  const query = useQuery(currentUserQuery);
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
