import type { Prisma } from '../../db/generated/client.ts';
import { tallyForDigests, type DigestKey } from '../../notifications/digest-queue.ts';
import { albumRoleSql, roleMaySql, userRowSql } from './album-role.ts';

interface NewComment {
  author: { id: string };
  album: { id: string; ownerId: string };
  imageId: string;
  comment: { id: string };
}

/**
 * Who hears of a new comment, each once: the album owner (comment_on_my_photo) unless they wrote it, and everyone
 * else who commented on the image before (comment_after_mine) and may still view the album (album-role.ts). A
 * notice never goes to its own author.
 */
async function recipients(db: Prisma.TransactionClient, { author, album, imageId, comment }: NewComment) {
  const list: DigestKey[] = [];
  if (album.ownerId !== author.id)
    list.push({ recipientId: album.ownerId, albumId: album.id, type: 'comment_on_my_photo' });
  const earlier = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT u.id::text AS id FROM "ImageComment" c
    JOIN "User" u ON u.id = c."authorId"
    JOIN "PhotoAlbum" a ON a.id = ${album.id}::uuid
    WHERE c."imageId" = ${imageId}::uuid AND c.id <> ${comment.id}::uuid
      AND c."createdAt" <= (SELECT "createdAt" FROM "ImageComment" WHERE id = ${comment.id}::uuid)
      AND u.id NOT IN (${author.id}::uuid, ${album.ownerId}::uuid)
      AND ${roleMaySql(albumRoleSql(userRowSql('u')), 'view')}`;
  for (const { id } of earlier) list.push({ recipientId: id, albumId: album.id, type: 'comment_after_mine' });
  return list;
}

/**
 * Tallies a new comment for its readers in the transaction that adds it; each hears of a burst of comments in one
 * batched mail per album (notifications/digest-queue.ts).
 */
export async function notifyCommentReaders(tx: Prisma.TransactionClient, event: NewComment): Promise<void> {
  await tallyForDigests(tx, await recipients(tx, event), {
    actorId: event.author.id,
    imageId: event.imageId,
  });
}
