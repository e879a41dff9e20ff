import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';

/**
 * A keyset cursor of an admin listing, as Files' (features/files/page-cursor.ts) are: the last row's place in the
 * order, as base64url JSON; opaque to callers, checked against `fields` when it comes back (400 otherwise).
 */
export function pageCursor<T extends z.ZodTypeAny>(fields: T) {
  return {
    encode: (place: z.infer<T>): string => Buffer.from(JSON.stringify(place)).toString('base64url'),
    decode(after: string): z.infer<T> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
      } catch {
        parsed = undefined;
      }
      const place = fields.safeParse(parsed);
      if (!place.success) {
        throw new AppError(
          'bad_request',
          'after is not a cursor this listing gave: send the next of the page before',
        );
      }
      return place.data as z.infer<T>;
    },
  };
}

/** Rows a page holds when the caller does not say. */
export const defaultPageSize = 25;
