import type { Db } from '../../db/database.ts';
import { Prisma, type ImageOrder } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { ActingRole } from './album-role.ts';
import { imageNewSinceSql, marksSinceSql } from './album-visits.ts';
import type { ListedImage } from './present.ts';
import { imageOrderSql, reverseImageOrderSql } from './image-order.ts';
import {
  afterKeySql,
  beforeKeySql,
  decodeImageCursor,
  encodeImageCursor,
  type ImageKey,
} from './image-cursor.ts';

/** The album being listed, with the caller's role in it. */
type AlbumToList = { id: string; role: ActingRole; imageOrder: ImageOrder };

/** Which photos to list: all, or `limit` of them from the start, `after` or `before` a cursor, or `around` one. */
export interface PageAsked {
  after?: string;
  before?: string;
  around?: string;
  limit?: number;
}

/**
 * Some photos of an album; the cursors of the pages after and before them (null: none, or not asked); the album's
 * total on a first page or one around a photo, and there also where the page starts in the album.
 */
export interface ImagePage {
  images: ListedImage[];
  next: string | null;
  previous: string | null;
  total: number | null;
  start: number | null;
}

const badPage = (message: string) => new AppError('bad_request', message);

/**
 * The query for the photos of `album` that `where` keeps (a condition on "Image" `i`), in the album's order or
 * (`backwards`) the other way, at most `limit`, each with whether it is new to `callerId`.
 *
 * Since when photos are new is one value for the whole page, but its subquery looks through the album's photos
 * (album-visits.ts): joined as a plain subquery, the planner may put it inside the loop over the photos and run it
 * once per photo. PGlite never analyzes its tables (no autovacuum), so it plans on guesses and did: the page after
 * the first of a 10,000-photo album took 40-70 s and held PGlite's only connection all along. A MATERIALIZED CTE
 * is run once, whatever the plan.
 */
export function imagePageSql(
  album: Pick<AlbumToList, 'id' | 'imageOrder'>,
  callerId: string,
  where: Prisma.Sql,
  backwards: boolean,
  limit?: number,
): Prisma.Sql {
  const order = album.imageOrder;
  return Prisma.sql`
    WITH marks AS MATERIALIZED ${marksSinceSql(album.id, callerId, new Date())}
    SELECT i.id, i."albumId", i."thumbnailId", i."renditionId", i.rank, i."takenAt", i."createdAt",
      i."originalName", i."originalType", i."originalSize", i."originalId", i."durationMs",
      CASE WHEN adder.id IS NOT NULL THEN json_build_object('id', adder.id, 'displayName', adder."displayName") END
        AS "addedBy",
      ${imageNewSinceSql('i', callerId, Prisma.sql`marks.since`)} AS "isNew"
    FROM "Image" i
    LEFT JOIN "User" adder ON adder.id = i."addedById"
    LEFT JOIN marks ON true
    WHERE i."albumId" = ${album.id}::uuid AND i."trashedAt" IS NULL ${where}
    ORDER BY ${backwards ? reverseImageOrderSql(order, 'i') : imageOrderSql(order, 'i')}
    ${limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${limit}`}`;
}

/**
 * An album's images that are not in the trash, first to last in the album's order (image-order.ts), with who added
 * each and whether it is new to the caller (album-visits.ts; never in their own album): all of them, or with
 * `limit` a page of them, read by keyset so a page costs the same anywhere in the album — from the start, after or
 * before a cursor, or around a photo (a deep link to it needs none of the pages before it).
 */
export async function listImages(
  db: Db,
  album: AlbumToList,
  callerId: string,
  page: PageAsked = {},
): Promise<ImagePage> {
  const order = album.imageOrder;
  /** The photos `where` keeps, in the album's order or (`backwards`) the other way, at most `limit`. */
  const read = async (where: Prisma.Sql, backwards: boolean, limit?: number) => {
    const rows = await db.$queryRaw<ListedImage[]>(imagePageSql(album, callerId, where, backwards, limit));
    return rows.map((row) => ({ ...row, isNew: album.role !== 'owner' && row.isNew }));
  };
  const { after, before, around, limit } = page;
  const from = [after, before, around].filter((cursor) => cursor !== undefined).length;
  if (from > 1) throw badPage('Give at most one of after, before and around');
  if (limit === undefined) {
    if (from > 0) throw badPage('after, before and around read a page: give its limit too');
    return { images: await read(Prisma.empty, false), next: null, previous: null, total: null, start: null };
  }
  if (around !== undefined) return aroundPage(db, album, around, limit, read);
  // One more than asked says whether another page follows.
  if (before !== undefined) {
    const rows = await read(
      Prisma.sql`AND ${beforeKeySql(order, decodeImageCursor(order, before))}`,
      true,
      limit + 1,
    );
    const images = rows.slice(0, limit).reverse();
    const first = images[0];
    const previous = rows.length > limit && first ? encodeImageCursor(order, first) : null;
    return { images, next: null, previous, total: null, start: null };
  }
  const where =
    after === undefined
      ? Prisma.empty
      : Prisma.sql`AND ${afterKeySql(order, decodeImageCursor(order, after))}`;
  // A first page also says how many photos the album holds, asked beside the page rather than after it.
  const [rows, total] = await Promise.all([
    read(where, false, limit + 1),
    after === undefined ? countImages(db, album.id) : null,
  ]);
  const images = rows.slice(0, limit);
  const last = images.at(-1);
  const next = rows.length > limit && last ? encodeImageCursor(order, last) : null;
  return { images, next, previous: null, total, start: null };
}

/** The page of `limit` photos around the photo `imageId`: about half of it before the photo, the rest from it on. */
async function aroundPage(
  db: Db,
  album: AlbumToList,
  imageId: string,
  limit: number,
  read: (where: Prisma.Sql, backwards: boolean, limit?: number) => Promise<ListedImage[]>,
): Promise<ImagePage> {
  const order = album.imageOrder;
  const key = await db.image.findFirst({
    where: { id: imageId, albumId: album.id, trashedAt: null },
    select: { id: true, rank: true, takenAt: true, createdAt: true },
  });
  if (!key) throw new AppError('not_found', 'around names no photo of this album: it may have been deleted');
  const half = Math.floor((limit - 1) / 2);
  const [before, from, total, position] = await Promise.all([
    read(Prisma.sql`AND ${beforeKeySql(order, key)}`, true, half + 1),
    read(Prisma.sql`AND (i.id = ${key.id}::uuid OR ${afterKeySql(order, key)})`, false, limit - half + 1),
    countImages(db, album.id),
    positionOf(db, album, key),
  ]);
  const earlier = before.slice(0, half).reverse();
  const images = [...earlier, ...from.slice(0, limit - half)];
  const [first, last] = [images[0], images.at(-1)];
  return {
    images,
    previous: before.length > half && first ? encodeImageCursor(order, first) : null,
    next: from.length > limit - half && last ? encodeImageCursor(order, last) : null,
    total,
    start: position - earlier.length,
  };
}

/**
 * Where the photo `key` stands in its album's order, from 0: its rank when ordered by hand (live ranks are dense
 * from 0); by date, how many live photos come before it.
 */
async function positionOf(db: Db, album: AlbumToList, key: ImageKey): Promise<number> {
  if (album.imageOrder === 'MANUAL') return key.rank;
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "Image" i
    WHERE i."albumId" = ${album.id}::uuid AND i."trashedAt" IS NULL AND ${beforeKeySql('TAKEN', key)}`;
  return row?.n ?? 0;
}

/**
 * How many live photos the album holds: one more than the highest rank, since live photos' ranks are dense from 0
 * and a trashed photo's is -1 — one step down the (albumId, rank) index, where counting rows grows with the album.
 */
async function countImages(db: Db, albumId: string): Promise<number> {
  const last = await db.image.findFirst({
    where: { albumId },
    orderBy: { rank: 'desc' },
    select: { rank: true },
  });
  return (last?.rank ?? -1) + 1;
}
