import { photoUrl, type Image, type PhotoAlbum } from '@site/contract';
import { mayDownloadOriginal } from '../common/album-permissions.ts';
import { downloadOriginalUrl } from './download-original.ts';

/** Originals every browser draws in an <img>; HEIC, TIFF and raw files are seen through the full-size JPEG. */
const drawable = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/**
 * What a zoom past the screen-sized rendition loads: the original where the caller may have it and a browser draws
 * it, else the full-size JPEG; null when the viewer already shows the full size (an image without a rendition).
 */
export function fullSizeLoader(
  album: PhotoAlbum,
  image: Image,
  userId: string,
): (() => Promise<string>) | null {
  if (!image.renditionId) return null;
  if (image.original && drawable.has(image.original.type) && mayDownloadOriginal(album, image, userId))
    return () => downloadOriginalUrl(album.photoAlbumId, image.imageId);
  return () => Promise.resolve(photoUrl(album.photoAlbumId, image.imageId));
}
