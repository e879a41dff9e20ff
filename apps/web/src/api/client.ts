import { contract } from '@site/contract';
import { initClient, tsRestFetchApi } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { successOrFailure } from './failure.ts';

/** The value of the XSRF-TOKEN cookie the server sets; echoed in a header on every request that changes something. */
export function xsrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

const options = {
  baseUrl: '',
  baseHeaders: { 'x-xsrf-token': () => xsrfToken() },
  credentials: 'same-origin' as const,
};

/**
 * The contract's endpoints as React Query hooks (`tsr.albums.get.useQuery`, `tsr.account.login.useMutation`, …)
 * and a cache client (`tsr.useQueryClient()`). Every answer other than a success fails as an ApiFailure read by
 * failure.ts, so the features' api/ hooks, and through them the screens, never see a status code.
 */
export const tsr = initTsrReactQuery(contract, {
  ...options,
  api: (args) => successOrFailure(tsRestFetchApi(args)),
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
