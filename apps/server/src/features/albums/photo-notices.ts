import type { Prisma } from '../../db/generated/client.ts';
import { tallyForDigests } from '../../notifications/digest-queue.ts';
import { albumRoleSql, roleMaySql, userRowSql } from './album-role.ts';

/**
 * Tallies a photo (or a `video`) added to an album for every other member who may view it (album-role.ts): they hear of it in one
 * batched mail per album (notifications/digest-queue.ts). Call it in the transaction that adds the photo.
 */
export async function notifyPhotoAdded(
  tx: Prisma.TransactionClient,
  albumId: string,
  adderId: string,
  video = false,
): Promise<void> {
  // The join only narrows the users asked to the owner and the share addresses; the role decides.
  const members = await tx.$queryRaw<{ id: string }[]>`
    SELECT u.id::text AS id FROM "PhotoAlbum" a
    JOIN "User" u ON u.id = a."ownerId"
      OR u.email IN (SELECT s.email FROM "AlbumShare" s WHERE s."albumId" = a.id)
    WHERE a.id = ${albumId}::uuid AND u.id <> ${adderId}::uuid
      AND ${roleMaySql(albumRoleSql(userRowSql('u')), 'view')}`;
  await tallyForDigests(
    tx,
    members.map(({ id }) => ({ recipientId: id, albumId, type: 'album_photos_added' as const })),
    { actorId: adderId, video },
  );
}
