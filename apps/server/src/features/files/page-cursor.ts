import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';

/** Where a page of a listing ended: the last node's place in the order (folders first, name, id). */
export interface PageCursor {
  isDirectory: boolean;
  name: string;
  id: string;
}

const Encoded = z.tuple([z.boolean(), z.string().min(1).max(255), z.string().uuid()]);

/** The cursor as the `x-next-page` header carries it: opaque to callers, plain to read for us. */
export function encodeCursor({ isDirectory, name, id }: PageCursor): string {
  return Buffer.from(JSON.stringify([isDirectory, name, id])).toString('base64url');
}

/** The cursor a caller sent back; 400 when it is not one a listing gave. */
export function decodeCursor(after: string): PageCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const fields = Encoded.safeParse(parsed);
  if (!fields.success) {
    throw new AppError(
      'bad_request',
      'after is not a page cursor this listing gave: send the x-next-page header of the previous page',
    );
  }
  const [isDirectory, name, id] = fields.data;
  return { isDirectory, name, id };
}
