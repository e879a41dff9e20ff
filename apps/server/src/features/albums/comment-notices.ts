import type { Prisma } from '../../db/generated/client.ts';
import type { NotificationType } from '../../notifications/types.ts';
import { notify } from '../../notifications/notify.ts';
import { nameOf, oneLine } from './mail-text.ts';

interface NewComment {
  author: { id: string; email: string; displayName: string };
  album: { id: string; ownerId: string; name: string };
  imageId: string;
  comment: { id: string; comment: string; createdAt: Date };
}

/**
 * Who hears of a new comment, each once: the album owner (comment_on_my_photo) unless they wrote it, and everyone
 * else who commented on the image before (comment_after_mine) and may still see it, i.e. the album is still
 * shared with their verified address. A notice never goes to its own author.
 */
async function recipients(db: Prisma.TransactionClient, { author, album, imageId, comment }: NewComment) {
  const list: { to: string; type: NotificationType }[] = [];
  if (album.ownerId !== author.id) {
    const owner = await db.user.findUnique({ where: { id: album.ownerId }, select: { email: true } });
    if (owner) list.push({ to: owner.email, type: 'comment_on_my_photo' });
  }
  const earlier = await db.imageComment.findMany({
    where: {
      imageId,
      id: { not: comment.id },
      createdAt: { lte: comment.createdAt },
      authorId: { notIn: [author.id, album.ownerId] },
      author: { emailVerifiedAt: { not: null } },
    },
    distinct: ['authorId'],
    select: { author: { select: { email: true } } },
  });
  const stillShared = await db.albumShare.findMany({
    where: { albumId: album.id, email: { in: earlier.map((c) => c.author.email) } },
    select: { email: true },
  });
  for (const { email } of stillShared) list.push({ to: email, type: 'comment_after_mine' });
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
