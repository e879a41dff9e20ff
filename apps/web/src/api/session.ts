import { useMemo } from 'react';
import { hashKey, queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { memberCookieName, type User } from '@site/contract';
import { api } from './client.ts';
import { ApiFailure, successOrFailure } from './failure.ts';
import { knownMember, rememberMember } from './known-member.ts';

export const meKey = ['me'] as const;
const meHash = hashKey(meKey);

/**
 * Who is logged in as the server answers `GET /api/me`: the user, or null once it says nobody is (a visitor, who
 * then stays one without asking again). Any other failure (offline, 503) stays a failure: it tells nothing.
 */
async function askWhoIsIn(): Promise<User | null> {
  try {
    const answer = await successOrFailure(api.account.me());
    return answer.status === 200 ? answer.body : null;
  } catch (error) {
    if (error instanceof ApiFailure && error.kind === 'logged_out') return null;
    throw error;
  }
}

const meQuery = queryOptions({ queryKey: meKey, queryFn: askWhoIsIn, staleTime: Infinity, retry: false });

/** Caches who is logged in (null for a visitor), so logging out needs no request and nothing waits for one. */
export function setCurrentUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(meKey, user);
}

/** Whether this browser holds a session (the server's member cookie): only then is there a user to ask for. */
export const hasMemberCookie = () => new RegExp(`(?:^|;\\s*)${memberCookieName}=1`).test(document.cookie);

/**
 * Before the first render. With the member cookie, `GET /api/me` starts at once, beside the first screen's chunk
 * rather than after it. Without it the visitor is logged out, so they are cached as one at once and
 * `GET /api/me` is never asked (its 401 would only put an error in the console). The CSRF call still brings the
 * token later forms need, and for a session older than the member cookie it brings the cookie too: then the user
 * is asked for after all.
 */
export async function startSession(queryClient: QueryClient): Promise<void> {
  keepKnownMember(queryClient);
  if (hasMemberCookie()) {
    await queryClient.prefetchQuery(meQuery);
    return;
  }
  setCurrentUser(queryClient, null);
  await api.account.csrf().catch(() => null);
  if (hasMemberCookie()) await queryClient.resetQueries({ queryKey: meKey });
}

/** Keeps every answer about who is in for a page opened without a connection (known-member.ts). */
function keepKnownMember(queryClient: QueryClient) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== meHash) return;
    const { data } = event.query.state as { data?: User | null };
    if (data !== undefined) rememberMember(data);
  });
}

/** `me` queries answered (or given up on) once: asking again keeps the screens and who is in meanwhile. */
const settled = new WeakSet<object>();

/**
 * The logged-in user, or null for a visitor; `ready` turns true once the first answer is in, or once it is clear
 * none can come (offline), and stays so while the question is asked again. Only the server's "not logged in"
 * makes a visitor: while no answer comes (no network) or the server fails (503), a browser holding a session is
 * still its member, as last known.
 */
export function useCurrentUser(): { user: User | null; ready: boolean } {
  const query = useQuery({
    ...meQuery,
    refetchOnWindowFocus: false,
    // A visitor the server named stays one when the network comes back; anyone else is asked for again.
    refetchOnReconnect: (q) => q.state.data !== null,
    // A visitor stays one until they log in (no asking again for each screen that mounts).
    retryOnMount: false,
  });
  const cached = useQueryClient().getQueryCache().find({ queryKey: meKey, exact: true });
  const firstAsk = query.isPending && !query.isPaused && !(cached && settled.has(cached));
  if (!firstAsk && cached) settled.add(cached);
  const unanswered =
    (query.isPending && !firstAsk) || (query.error instanceof ApiFailure && !query.error.final);
  const stillMember = useMemo(() => (unanswered && hasMemberCookie() ? knownMember() : null), [unanswered]);
  return { user: query.data ?? stillMember, ready: !firstAsk };
}

/** Ways to change who is logged in, keeping every cached answer consistent with it. */
export function useSession() {
  const queryClient = useQueryClient();
  // One object per query client, so effects may depend on it.
  return useMemo(
    () => ({
      /** After a successful log in: ask the server who we are now. */
      refresh: () => queryClient.invalidateQueries({ queryKey: meKey }),
      /** Sets the user from an answer already in hand (sign up, log out). */
      setUser: (user: User | null) => {
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
        setCurrentUser(queryClient, user);
      },
    }),
    [queryClient],
  );
}

/** Writes a change of the current user into the cache at once (optimistic) or from the server's answer. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return (change: Partial<User> | User) =>
    queryClient.setQueryData<User | null>(meKey, (me) => me && { ...me, ...change });
}
