import type { AppRouter } from '@ts-rest/core';
import type { createExpressEndpoints } from '@ts-rest/express';
import { AppError } from './app-error.ts';

type RouterImplementation<T extends AppRouter> = Parameters<typeof createExpressEndpoints<T>>[1];

/** Serves every route of a contract area with 501 until the area is built. */
export function notImplemented<T extends AppRouter>(area: T): RouterImplementation<T> {
  const answer = async () => {
    throw new AppError('not_implemented', 'This part of the site is not available yet');
  };
  return Object.fromEntries(Object.keys(area).map((key) => [key, answer])) as unknown as RouterImplementation<T>;
}
