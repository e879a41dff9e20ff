import type { Db } from '../../db/database.ts';
import { Prisma, type ImageOrder } from '../../db/generated/client.ts';
import type { ActingRole } from './album-role.ts';
import { imageNewSinceSql, marksSinceSql } from './album-visits.ts';
import type { ListedImage } from './present.ts';
import { imageOrderSql } from './image-order.ts';
import { afterCursorSql, encodeImageCursor } from './image-cursor.ts';

/** The album being listed, with the caller's role in it. */
type AlbumToList = { id: string; role: ActingRole; imageOrder: ImageOrder };

/** Some photos of an album, the cursor of the page after them (null: the last), and on a first page the total. */
export interface ImagePage {
  images: ListedImage[];
  next: string | null;
  total: number | null;
}

/**
 * An album's images that are not in the trash, first to last in the album's order (image-order.ts), with who added
 * each and whether it is new to the caller (album-visits.ts; never in their own album): all of them, or with
 * `limit` a page of them after the cursor `after`, read by keyset so a page costs the same anywhere in the album.
 */
export async function listImages(
  db: Db,
  album: AlbumToList,
  callerId: string,
  page: { after?: string; limit?: number } = {},
): Promise<ImagePage> {
  const after =
    page.after === undefined ? Prisma.empty : Prisma.sql`AND ${afterCursorSql(album.imageOrder, page.after)}`;
  // One more than asked says whether another page follows.
  const limit = page.limit === undefined ? Prisma.empty : Prisma.sql`LIMIT ${page.limit + 1}`;
  // A first page also says how many photos the album holds, asked beside the page rather than after it.
  const firstPage = page.limit !== undefined && page.after === undefined;
  const listing = db.$queryRaw<ListedImage[]>`
    SELECT i.id, i."albumId", i."thumbnailId", i."renditionId", i.rank, i."takenAt", i."createdAt",
      i."originalName", i."originalType", i."originalSize", i."originalId", i."durationMs",
      CASE WHEN adder.id IS NOT NULL THEN json_build_object('id', adder.id, 'displayName', adder."displayName") END
        AS "addedBy",
      ${imageNewSinceSql('i', callerId, Prisma.sql`marks.since`)} AS "isNew"
    FROM "Image" i
    LEFT JOIN "User" adder ON adder.id = i."addedById"
    LEFT JOIN ${marksSinceSql(album.id, callerId, new Date())} marks ON true
    WHERE i."albumId" = ${album.id}::uuid AND i."trashedAt" IS NULL ${after}
    ORDER BY ${imageOrderSql(album.imageOrder, 'i')}
    ${limit}`;
  const [rows, total] = await Promise.all([listing, firstPage ? countImages(db, album.id) : null]);
  const images = rows
    .slice(0, page.limit)
    .map((row) => ({ ...row, isNew: album.role !== 'owner' && row.isNew }));
  const last = images.at(-1);
  const more = page.limit !== undefined && rows.length > page.limit && last;
  return {
    images,
    next: more ? encodeImageCursor(album.imageOrder, last) : null,
    total,
  };
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
