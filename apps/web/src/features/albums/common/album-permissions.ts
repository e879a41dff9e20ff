import type { Image, PhotoAlbum } from '@site/contract';

/*
 * What the album screens offer, mirroring the server's rule (apps/server/src/features/albums/album-role.ts), which
 * has the last word: the owner does everything; a contributor adds photos and removes the ones they added.
 */

/** Whether `userId` may add photos to the album: its owner or a contributor. */
export const mayAddPhotos = (album: PhotoAlbum, userId: string): boolean =>
  album.ownerId === userId || album.role === 'contributor';

/** Whether `userId` may remove the image: the owner any, a contributor only one they added. */
export const mayRemovePhoto = (album: PhotoAlbum, image: Image, userId: string): boolean =>
  album.ownerId === userId || (album.role === 'contributor' && image.addedBy?.userId === userId);

/**
 * Whether `userId` may download the image's original: the owner any, a contributor one they added, everyone else
 * when the owner allows originals.
 */
export const mayDownloadOriginal = (album: PhotoAlbum, image: Image, userId: string): boolean =>
  album.ownerId === userId ||
  (album.role === 'contributor' && image.addedBy?.userId === userId) ||
  album.allowOriginals;
