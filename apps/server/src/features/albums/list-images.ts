import type { Db } from '../../db/database.ts';
import { Prisma } from '../../db/generated/client.ts';
import type { ActingRole } from './album-role.ts';
import { imageNewSinceSql, marksSinceSql } from './album-visits.ts';
import type { ListedImage } from './present.ts';
import { imageOrderSql } from './image-order.ts';
import type { ImageOrder } from '../../db/generated/client.ts';

/**
 * An album's images that are not in the trash, first to last in the album's order (image-order.ts), with who added each and whether it is new to
 * the caller (album-visits.ts; never in their own album). One statement, whatever the number of images.
 */
export async function listImages(
  db: Db,
  album: { id: string; role: ActingRole; imageOrder: ImageOrder },
  callerId: string,
): Promise<ListedImage[]> {
  const rows = await db.$queryRaw<ListedImage[]>`
    SELECT i.id, i."albumId", i."thumbnailId", i."renditionId", i.rank, i."takenAt",
      i."originalName", i."originalType", i."originalSize", i."originalId", i."durationMs",
      CASE WHEN adder.id IS NOT NULL THEN json_build_object('id', adder.id, 'displayName', adder."displayName") END
        AS "addedBy",
      ${imageNewSinceSql('i', callerId, Prisma.sql`marks.since`)} AS "isNew"
    FROM "Image" i
    LEFT JOIN "User" adder ON adder.id = i."addedById"
    LEFT JOIN ${marksSinceSql(album.id, callerId, new Date())} marks ON true
    WHERE i."albumId" = ${album.id}::uuid AND i."trashedAt" IS NULL
    ORDER BY ${imageOrderSql(album.imageOrder, 'i')}`;
  return rows.map((row) => ({ ...row, isNew: album.role !== 'owner' && row.isNew }));
}
