import { contract, ErrorBody, xsrfCookiePattern } from '@site/contract';
import { initClient, tsRestFetchApi, type ApiFetcherArgs } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { successOrFailure } from './failure.ts';

/**
 * The value of the CSRF cookie the server sets (renewed when the session changes, so read at each request); echoed
 * in a header on every request that changes something.
 */
export function xsrfToken(): string {
  const match = document.cookie.match(xsrfCookiePattern);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

/**
 * Sends a call, and sends it once more if the server refused its CSRF token: the token is tied to the session, so
 * one that ended elsewhere (signed out from another device) leaves the page a stale token, and the refusal, which
 * changed nothing, brings the cookie for the session as it is now.
 */
export async function withFreshToken(args: ApiFetcherArgs) {
  const answer = await tsRestFetchApi(args);
  const refused = answer.status === 403 && ErrorBody.safeParse(answer.body).data?.error.code === 'csrf';
  if (!refused) return answer;
  return tsRestFetchApi({ ...args, headers: { ...args.headers, 'x-xsrf-token': xsrfToken() } });
}

const options = {
  baseUrl: '',
  baseHeaders: { 'x-xsrf-token': () => xsrfToken() },
  credentials: 'same-origin' as const,
  api: withFreshToken,
};

/**
 * The contract's endpoints as React Query hooks (`tsr.albums.get.useQuery`, `tsr.account.login.useMutation`, …)
 * and a cache client (`tsr.useQueryClient()`). Every answer other than a success fails as an ApiFailure read by
 * failure.ts, so the features' api/ hooks, and through them the screens, never see a status code.
 */
export const tsr = initTsrReactQuery(contract, {
  ...options,
  api: (args) => successOrFailure(withFreshToken(args)),
});

/**
 * Contract-typed plain calls, answering every status. Only for flows of several calls in a row that no one hook
 * holds: the album and file uploads (reserve, PUT the bytes, commit) and the Files screen's tree actions.
 */
export const api = initClient(contract, { ...options, throwOnUnknownStatus: false });

/** The request body an endpoint of `api` takes, as the contract declares it. */
export type BodyOf<F extends (args: never) => unknown> = Parameters<F>[0] extends { body: infer B }
  ? B
  : never;
