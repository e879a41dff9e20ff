import { contract } from '@site/contract';
import { initClient } from '@ts-rest/core';

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
 * Contract-typed plain calls, answering every status. Only src/api and the features' api/ folders call it, through
 * the readers in failure.ts, so no screen sees a status code.
 */
export const api = initClient(contract, { ...options, throwOnUnknownStatus: false });

/** The request body an endpoint of `api` takes, as the contract declares it. */
export type BodyOf<F extends (args: never) => unknown> = Parameters<F>[0] extends { body: infer B }
  ? B
  : never;
