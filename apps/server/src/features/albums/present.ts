import type { Image, ImageComment, PhotoAlbum } from '@site/contract';
import type { ActingRole } from './album-role.ts';
import { orderName } from './image-order.ts';
import type { Image as ImageRow, PhotoAlbum as AlbumRow, Prisma } from '../../db/generated/client.ts';

/** An album with the thumbnail of its cover (its first image by rank), or null when it is empty. */
export type AlbumWithCover = Pick<
  AlbumRow,
  'id' | 'ownerId' | 'name' | 'description' | 'rank' | 'createdAt' | 'imageOrder' | 'allowOriginals'
> & {
  thumbnailId: string | null;
  /** No live image (ranks are dense from 0, so none has rank 0). */
  isEmpty: boolean;
};

/** Loads a comment's author name along with it. */
export const authorInclude = {
  author: { select: { displayName: true } },
} as const satisfies Prisma.ImageCommentInclude;

export type CommentWithAuthor = Prisma.ImageCommentGetPayload<{ include: typeof authorInclude }>;

/** Loads the name of who added an image along with it. */
export const addedByInclude = {
  addedBy: { select: { id: true, displayName: true } },
} as const satisfies Prisma.ImageInclude;

export type ImageWithAdder = Prisma.ImageGetPayload<{ include: typeof addedByInclude }>;

/** An image as the album's image list reads it: who added it, and whether it is new to the caller. */
export type ListedImage = Pick<
  ImageRow,
  | 'id'
  | 'albumId'
  | 'thumbnailId'
  | 'renditionId'
  | 'rank'
  | 'takenAt'
  | 'createdAt'
  | 'originalName'
  | 'originalType'
  | 'originalSize'
  | 'originalId'
  | 'durationMs'
> & {
  addedBy: { id: string; displayName: string } | null;
  isNew: boolean;
};

/**
 * An album as the contract shows it to a caller of `role`; its thumbnail is that of its first image, or null when
 * it is empty.
 */
export function presentAlbum(album: AlbumWithCover, role: ActingRole): PhotoAlbum {
  return {
    photoAlbumId: album.id,
    ownerId: album.ownerId,
    name: album.name,
    description: album.description,
    thumbnailId: album.thumbnailId,
    isEmpty: album.isEmpty,
    rank: album.rank,
    createdAt: album.createdAt.toISOString(),
    order: orderName(album.imageOrder),
    role,
    allowOriginals: album.allowOriginals,
  };
}

/**
 * An image as the contract shows it; who added it only when it was loaded with `addedByInclude` (or listed), whether
 * it is new to the caller only when listed.
 */
export function presentImage(image: ImageRow | ImageWithAdder | ListedImage): Image {
  return {
    imageId: image.id,
    photoAlbumId: image.albumId,
    thumbnailId: image.thumbnailId,
    rank: image.rank,
    renditionId: image.renditionId,
    // A raw list reads times as strings or dates, depending on the driver.
    takenAt: image.takenAt && new Date(image.takenAt).toISOString(),
    original:
      image.originalName !== null && image.originalType !== null && image.originalSize !== null
        ? { name: image.originalName, type: image.originalType, size: Number(image.originalSize) }
        : null,
    video:
      image.originalId !== null && image.durationMs !== null
        ? { videoId: image.originalId, durationMs: image.durationMs }
        : null,
    ...('addedBy' in image && {
      addedBy: image.addedBy && { userId: image.addedBy.id, displayName: image.addedBy.displayName },
    }),
    ...('isNew' in image && { isNew: image.isNew }),
  };
}

export function presentComment(comment: CommentWithAuthor): ImageComment {
  return {
    imageCommentId: comment.id,
    imageId: comment.imageId,
    displayName: comment.author.displayName,
    comment: comment.comment,
    createdAt: comment.createdAt.toISOString(),
    modifiedAt: comment.modifiedAt?.toISOString() ?? null,
  };
}
