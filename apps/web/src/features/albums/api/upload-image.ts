import type { Image } from '@site/contract';
import { api } from '../../../api/client.ts';
import { failureOf, okBody } from '../../../api/failure.ts';
import type { Jpegs } from '../image-convert.ts';

/** PUTs bytes to a signed upload URL (same-origin local storage, or a presigned S3 URL). */
async function putBlob(url: string, blob: Blob): Promise<void> {
  const res = await fetch(url, { method: 'PUT', headers: { 'Content-Type': 'image/jpeg' }, body: blob });
  if (!res.ok) throw failureOf({ status: res.status, body: null, headers: res.headers });
}

/**
 * Stores both JPEGs of an image and adds it to the album: two upload reservations, the two PUTs, then the
 * commit that puts the image at the end of the album. Answers the added image.
 */
export async function uploadImage(photoAlbumId: string, jpegs: Jpegs): Promise<Image> {
  const params = { photoAlbumId };
  const [imageId, imageUrl] = await okBody(api.albums.createUpload({ params }));
  const [thumbnailId, thumbnailUrl] = await okBody(api.albums.createUpload({ params }));
  await Promise.all([putBlob(imageUrl, jpegs.image), putBlob(thumbnailUrl, jpegs.thumbnail)]);
  return okBody(api.albums.addImage({ params, body: { imageId, thumbnailId } }));
}
