import { z } from 'zod';
import { Prisma, type ImageOrder } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';

/** The sort key of a photo in its album's order (image-order.ts): what a page cursor remembers of its last photo. */
export interface ImageKey {
  id: string;
  rank: number;
  takenAt: Date | null;
  createdAt: Date;
}

const ByRank = z.tuple([z.literal('m'), z.number().int().min(0), z.string().uuid()]);
const ByDate = z.tuple([
  z.literal('t'),
  z.string().datetime().nullable(),
  z.string().datetime(),
  z.string().uuid(),
]);

/** The cursor an `x-next-page` header carries after `last`: opaque to callers, plain to read for us. */
export function encodeImageCursor(order: ImageOrder, last: ImageKey): string {
  const key =
    order === 'TAKEN'
      ? ['t', last.takenAt?.toISOString() ?? null, last.createdAt.toISOString(), last.id]
      : ['m', last.rank, last.id];
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const notACursor = () =>
  new AppError(
    'bad_request',
    "after is not a page cursor of this album's photos in its current order: list them again from the start",
  );

/** The photo a cursor names; 400 when it is not one this listing gave, or was given before the order changed. */
export function decodeImageCursor(order: ImageOrder, cursor: string): ImageKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw notACursor();
  }
  if (order === 'MANUAL') {
    const key = ByRank.safeParse(parsed);
    if (!key.success) throw notACursor();
    return { rank: key.data[1], id: key.data[2], takenAt: null, createdAt: new Date(0) };
  }
  const key = ByDate.safeParse(parsed);
  if (!key.success) throw notACursor();
  const [, takenAt, createdAt, id] = key.data;
  return {
    id,
    rank: 0,
    takenAt: takenAt === null ? null : new Date(takenAt),
    createdAt: new Date(createdAt),
  };
}

/** The condition on "Image" `i` that keeps the photos after the photo `key` in the album's `order`. */
export function afterKeySql(order: ImageOrder, key: ImageKey): Prisma.Sql {
  if (order === 'MANUAL') return Prisma.sql`i.rank > ${key.rank}`;
  const later = Prisma.sql`(i."createdAt", i.id) > (${key.createdAt}, ${key.id}::uuid)`;
  // Photos without a capture date come after every dated one (NULLS LAST).
  return key.takenAt === null
    ? Prisma.sql`(i."takenAt" IS NULL AND ${later})`
    : Prisma.sql`(i."takenAt" IS NULL OR i."takenAt" > ${key.takenAt}
        OR (i."takenAt" = ${key.takenAt} AND ${later}))`;
}

/** The condition on "Image" `i` that keeps the photos before the photo `key` in the album's `order`. */
export function beforeKeySql(order: ImageOrder, key: ImageKey): Prisma.Sql {
  if (order === 'MANUAL') return Prisma.sql`i.rank < ${key.rank}`;
  const earlier = Prisma.sql`(i."createdAt", i.id) < (${key.createdAt}, ${key.id}::uuid)`;
  return key.takenAt === null
    ? Prisma.sql`(i."takenAt" IS NOT NULL OR ${earlier})`
    : Prisma.sql`(i."takenAt" < ${key.takenAt} OR (i."takenAt" = ${key.takenAt} AND ${earlier}))`;
}
