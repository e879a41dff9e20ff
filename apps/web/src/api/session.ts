import { useMemo } from 'react';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { memberCookieName, type User } from '@site/contract';
import { api, tsr } from './client.ts';
import { okAnswer, changeBody } from './cached-answer.ts';
import { ApiFailure } from './failure.ts';
import { knownMember, rememberMember } from './known-member.ts';

export const meKey = ['me'] as const;
const meHash = hashKey(meKey);

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
    await tsr.initQueryClient(queryClient).account.me.prefetchQuery({ queryKey: meKey });
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
    const { data, error } = event.query.state as { data?: { body: User }; error: unknown };
    if (data) rememberMember(data.body);
    else if (error instanceof ApiFailure && error.kind === 'logged_out') rememberMember(null);
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
  const query = tsr.account.me.useQuery({
    queryKey: meKey,
    select: (answer) => answer.body,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    // A visitor the server named stays one when the network comes back; anyone else is asked for again.
    refetchOnReconnect: (q) => !(q.state.error instanceof ApiFailure && q.state.error.final),
    retry: false,
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
  const tsrQueryClient = tsr.useQueryClient();
  return (change: Partial<User> | User) =>
    tsrQueryClient.account.me.setQueryData(
      meKey,
      changeBody((me) => ({ ...me, ...change })),
    );
}
