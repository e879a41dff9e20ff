import { contract } from '@site/contract';
import { initClient } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';

/** The value of the XSRF-TOKEN cookie the server sets; echoed in a header on every request that changes something. */
export function xsrfToken(): string {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : '';
}

const options = {
  baseUrl: '',
  baseHeaders: { 'x-xsrf-token': () => xsrfToken() },
  credentials: 'same-origin' as const,
};

/** Contract-typed React Query hooks for every endpoint. */
export const tsr = initTsrReactQuery(contract, options);

/** Contract-typed plain calls, answering every status (for flows that branch on it). */
export const api = initClient(contract, { ...options, throwOnUnknownStatus: false });
