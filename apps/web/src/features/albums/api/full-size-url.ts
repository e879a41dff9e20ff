import type { Image, PhotoAlbum } from '@site/contract';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { mayDownloadOriginal } from '../album-permissions.ts';
import { downloadOriginalUrl } from './download-original.ts';

/** Originals every browser draws in an <img>; HEIC, TIFF and raw files are seen through the full-size JPEG. */
const drawable = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);

/** A signed URL of the full-size JPEG, which the viewer signs only once it is wanted. */
async function fullSizeJpegUrl(imageId: string): Promise<string> {
  const urls = await okBody(api.albums.signedUrls({ body: [imageId] }));
  const url = urls[imageId];
  if (!url) throw new Error('The full-size picture is gone');
  return url;
}

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
  return () => fullSizeJpegUrl(image.imageId);
}
