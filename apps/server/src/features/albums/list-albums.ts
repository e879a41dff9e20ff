import type { PhotoAlbum } from '@site/contract';
import type { Db } from '../../db/database.ts';
import { isVerified, type AlbumCaller } from './access.ts';

interface ListedAlbum {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  rank: number;
  createdAt: Date;
  thumbnailId: string | null;
  ownerName: string;
  isNew: boolean;
  newImages: number;
}

/**
 * Every album `user` may see: their own by rank, then those shared with their address (only once it is verified),
 * oldest first. The client tells them apart by owner.
 *
 * One statement, so a logged-in list costs two round trips with the session's: the cover (the image of rank 0,
 * by the (albumId, rank) index), the owner's name and what is new to the caller are joined in, never asked per
 * album. New means shared and never opened (no AlbumView); new images are those added since the last opening.
 */
export async function listAlbums(db: Db, user: AlbumCaller): Promise<PhotoAlbum[]> {
  const rows = await db.$queryRaw<ListedAlbum[]>`
    SELECT a.id, a."ownerId", a.name, a.description, a.rank, a."createdAt",
      cover."thumbnailId", owner."displayName" AS "ownerName",
      (a."ownerId" <> ${user.id}::uuid AND v."viewedAt" IS NULL) AS "isNew",
      CASE WHEN a."ownerId" = ${user.id}::uuid THEN 0 ELSE (
        SELECT count(*)::int FROM "Image" i
        WHERE i."albumId" = a.id AND i."trashedAt" IS NULL AND (v."viewedAt" IS NULL OR i."createdAt" > v."viewedAt")
      ) END AS "newImages"
    FROM "PhotoAlbum" a
    JOIN "User" owner ON owner.id = a."ownerId"
    LEFT JOIN "Image" cover ON cover."albumId" = a.id AND cover.rank = 0
    LEFT JOIN "AlbumView" v ON v."albumId" = a.id AND v."userId" = ${user.id}::uuid
    WHERE a."trashedAt" IS NULL AND (a."ownerId" = ${user.id}::uuid OR (${isVerified(user)} AND EXISTS (
      SELECT 1 FROM "AlbumShare" s WHERE s."albumId" = a.id AND s.email = ${user.email}
    )))
    ORDER BY a."ownerId" = ${user.id}::uuid DESC,
      CASE WHEN a."ownerId" = ${user.id}::uuid THEN a.rank END, a."createdAt", a.id`;
  return rows.map((row) => ({
    photoAlbumId: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    thumbnailId: row.thumbnailId,
    rank: row.rank,
    createdAt: new Date(row.createdAt).toISOString(),
    ownerName: row.ownerName,
    isNew: row.isNew,
    newImages: Number(row.newImages),
  }));
}
