import type { Prisma } from '../../db/generated/client.ts';
import type { NotificationType } from '../../notifications/types.ts';
import { notify } from '../../notifications/notify.ts';
import { albumRoleSql, roleMaySql, userRowSql } from './album-role.ts';
import { nameOf, oneLine } from './mail-text.ts';

interface NewComment {
  author: { id: string; email: string; displayName: string };
  album: { id: string; ownerId: string; name: string };
  imageId: string;
  comment: { id: string; comment: string; createdAt: Date };
}

/**
 * Who hears of a new comment, each once: the album owner (comment_on_my_photo) unless they wrote it, and everyone
 * else who commented on the image before (comment_after_mine) and may still view the album (album-role.ts). A
 * notice never goes to its own author.
 */
async function recipients(db: Prisma.TransactionClient, { author, album, imageId, comment }: NewComment) {
  const list: { to: string; type: NotificationType }[] = [];
  if (album.ownerId !== author.id) {
    const owner = await db.user.findUnique({ where: { id: album.ownerId }, select: { email: true } });
    if (owner) list.push({ to: owner.email, type: 'comment_on_my_photo' });
  }
  const earlier = await db.$queryRaw<{ email: string }[]>`
    SELECT DISTINCT u.email FROM "ImageComment" c
    JOIN "User" u ON u.id = c."authorId"
    JOIN "PhotoAlbum" a ON a.id = ${album.id}::uuid
    WHERE c."imageId" = ${imageId}::uuid AND c.id <> ${comment.id}::uuid
      AND c."createdAt" <= (SELECT "createdAt" FROM "ImageComment" WHERE id = ${comment.id}::uuid)
      AND u.id NOT IN (${author.id}::uuid, ${album.ownerId}::uuid)
      AND ${roleMaySql(albumRoleSql(userRowSql('u')), 'view')}`;
  for (const { email } of earlier) list.push({ to: email, type: 'comment_after_mine' });
  return list;
}

/** Queues the notices for a new comment in the transaction that adds it. */
export async function notifyCommentReaders(tx: Prisma.TransactionClient, event: NewComment): Promise<void> {
  const writer = nameOf(event.author);
  const albumName = oneLine(event.album.name);
  for (const { to, type } of await recipients(tx, event)) {
    await notify(tx, {
      type,
      to,
      subject:
        type === 'comment_on_my_photo'
          ? `${writer} commented on a photo in your album ${albumName}`
          : `${writer} also commented on a photo in ${albumName}`,
      lines: [`${writer} wrote on a photo in the album "${albumName}":`, event.comment.comment],
      path: `/albums/${event.album.id}/${event.imageId}`,
      actionLabel: 'See the photo',
    });
  }
}
