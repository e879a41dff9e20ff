import type { Db } from '../../db/database.ts';
import { Prisma } from '../../db/generated/client.ts';
import { notFound } from '../../http/app-error.ts';
import type { AlbumWithCover } from './present.ts';

/**
 * An album's columns and its cover for a statement over "PhotoAlbum" a: the cover is the first live image by rank
 * that has a thumbnail (a video kept without a poster has none), read along the (albumId, rank) index, so it
 * usually stops at rank 0; one row per album.
 */
export const albumWithCoverSql = {
  columns: Prisma.sql`a.id, a."ownerId", a.name, a.description, a.rank, a."createdAt", a."imageOrder", a."allowOriginals",
    cover."thumbnailId",
    NOT EXISTS (SELECT 1 FROM "Image" e WHERE e."albumId" = a.id AND e.rank = 0) AS "isEmpty"`,
  join: Prisma.sql`LEFT JOIN LATERAL (
      SELECT c."thumbnailId" FROM "Image" c
      WHERE c."albumId" = a.id AND c.rank >= 0 AND c."thumbnailId" IS NOT NULL
      ORDER BY c.rank LIMIT 1
    ) cover ON true`,
};

/** A row selected with `albumWithCoverSql.columns`, its time as a Date whichever driver read it. */
export const albumWithCover = <Row extends AlbumWithCover>(row: Row): Row => ({
  ...row,
  createdAt: new Date(row.createdAt),
});

/** An album with its cover as it is now (after a change); 404 when it has gone meanwhile. */
export async function loadAlbum(db: Db, albumId: string): Promise<AlbumWithCover> {
  const [album] = await db.$queryRaw<AlbumWithCover[]>`
    SELECT ${albumWithCoverSql.columns} FROM "PhotoAlbum" a ${albumWithCoverSql.join}
    WHERE a.id = ${albumId}::uuid AND a."trashedAt" IS NULL`;
  if (!album) throw notFound('Not Found');
  return albumWithCover(album);
}
