import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { notifyCommentReaders } from './comment-notices.ts';
import { authorInclude, type CommentWithAuthor } from './present.ts';

/** An image's comments, oldest first. */
export function listComments(db: Db, imageId: string): Promise<CommentWithAuthor[]> {
  return db.imageComment.findMany({
    where: { imageId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: authorInclude,
  });
}

/**
 * Adds a comment and, in the same transaction, queues notices to the album owner and the image's earlier
 * commenters (see comment-notices.ts).
 */
export async function addComment(
  deps: AppDeps,
  author: { id: string; email: string; displayName: string },
  album: { id: string; ownerId: string; name: string },
  imageId: string,
  text: string,
): Promise<CommentWithAuthor> {
  return deps.db.$transaction(async (tx) => {
    const comment = await tx.imageComment.create({
      data: { imageId, authorId: author.id, comment: text },
      include: authorInclude,
    });
    await notifyCommentReaders(tx, { author, album, imageId, comment });
    return comment;
  });
}
