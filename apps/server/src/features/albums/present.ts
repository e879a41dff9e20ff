import type { Image, ImageComment, PhotoAlbum } from '@site/contract';
import type { Image as ImageRow, Prisma } from '../../db/generated/client.ts';

/**
 * Loads the one image an album shows as its cover: the first by rank. Ranks are dense from 0, so that is rank 0,
 * found by the (albumId, rank) index: one row per album. (`orderBy` + `take: 1` would read every image of every
 * album listed and cut them in memory.)
 */
export const coverInclude = {
  images: { where: { rank: 0 }, select: { thumbnailId: true } },
} as const satisfies Prisma.PhotoAlbumInclude;

export type AlbumWithCover = Prisma.PhotoAlbumGetPayload<{ include: typeof coverInclude }>;

/** Loads a comment's author name along with it. */
export const authorInclude = {
  author: { select: { displayName: true } },
} as const satisfies Prisma.ImageCommentInclude;

export type CommentWithAuthor = Prisma.ImageCommentGetPayload<{ include: typeof authorInclude }>;

/** An album as the contract shows it; its thumbnail is that of its first image, or null when it is empty. */
export function presentAlbum(album: AlbumWithCover): PhotoAlbum {
  return {
    photoAlbumId: album.id,
    ownerId: album.ownerId,
    name: album.name,
    description: album.description,
    thumbnailId: album.images[0]?.thumbnailId ?? null,
    rank: album.rank,
    createdAt: album.createdAt.toISOString(),
  };
}

export function presentImage(image: ImageRow): Image {
  return {
    imageId: image.id,
    photoAlbumId: image.albumId,
    thumbnailId: image.thumbnailId,
    rank: image.rank,
    renditionId: image.renditionId,
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
