import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberCookieName, type User } from '@site/contract';
import { api } from '../api/client.ts';

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
      await api.account.csrf();
      if (!hasMemberCookie()) return null;
    }
    const res = await api.account.me();
    return res.status === 200 ? res.body : null;
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
    /** Sets the user from an answer already in hand (sign up). */
    setUser: (user: User | null) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
      queryClient.setQueryData(meKey, user);
    },
  };
}
