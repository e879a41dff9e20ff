import type { PhotoAlbum } from '@site/contract';
import type { Db } from '../../db/database.ts';
import { Prisma } from '../../db/generated/client.ts';
import { albumRoleSql, callerSql, roleMaySql, type ActingRole, type AlbumCaller } from './album-role.ts';
import { imageNewSinceSql } from './album-visits.ts';
import { albumWithCoverSql } from './load-album.ts';
import { orderName } from './image-order.ts';
import type { ImageOrder } from '../../db/generated/client.ts';

interface ListedAlbum {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  rank: number;
  createdAt: Date;
  imageOrder: ImageOrder;
  allowOriginals: boolean;
  thumbnailId: string | null;
  isEmpty: boolean;
  ownerName: string;
  isNew: boolean;
  newImages: number;
  role: ActingRole;
}

/**
 * Every album `user` may see (album-role.ts): their own by rank, then those shared with them, oldest first. The
 * client tells them apart by owner.
 *
 * One statement, so a logged-in list costs two round trips with the session's: the cover, the owner's name and
 * what is new to the caller are joined in, never asked per album. New means shared and never opened (no
 * AlbumView); new images are those added by others since the last opening (album-visits.ts).
 */
export async function listAlbums(db: Db, user: AlbumCaller): Promise<PhotoAlbum[]> {
  const rows = await db.$queryRaw<ListedAlbum[]>`
    SELECT ${albumWithCoverSql.columns}, owner."displayName" AS "ownerName", r.role,
      (r.role <> 'owner' AND v."viewedAt" IS NULL) AS "isNew",
      CASE WHEN r.role = 'owner' THEN 0 ELSE (
        SELECT count(*)::int FROM "Image" i
        WHERE i."albumId" = a.id AND i."trashedAt" IS NULL AND ${imageNewSinceSql('i', user.id, Prisma.sql`v."viewedAt"`)}
      ) END AS "newImages"
    FROM "PhotoAlbum" a
    CROSS JOIN LATERAL (SELECT ${albumRoleSql(callerSql(user))} AS role) r
    JOIN "User" owner ON owner.id = a."ownerId"
    ${albumWithCoverSql.join}
    LEFT JOIN "AlbumView" v ON v."albumId" = a.id AND v."userId" = ${user.id}::uuid
    WHERE ${roleMaySql(Prisma.sql`r.role`, 'view')}
    ORDER BY r.role = 'owner' DESC, CASE WHEN r.role = 'owner' THEN a.rank END, a."createdAt", a.id`;
  return rows.map((row) => ({
    photoAlbumId: row.id,
    ownerId: row.ownerId,
    name: row.name,
    description: row.description,
    thumbnailId: row.thumbnailId,
    isEmpty: row.isEmpty,
    rank: row.rank,
    createdAt: new Date(row.createdAt).toISOString(),
    order: orderName(row.imageOrder),
    ownerName: row.ownerName,
    isNew: row.isNew,
    newImages: Number(row.newImages),
    role: row.role,
    allowOriginals: row.allowOriginals,
  }));
}
