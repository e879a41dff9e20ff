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
 * Stores the JPEGs of an image and adds it to the album: an upload reservation for each (the full size, the
 * thumbnail and, when there is one, the screen-sized rendition), their PUTs, then the commit that puts the image
 * at the end of the album. Answers the added image.
 */
export async function uploadImage(photoAlbumId: string, jpegs: Jpegs): Promise<Image> {
  const params = { photoAlbumId };
  const store = async (blob: Blob) => {
    const [id, url] = await okBody(api.albums.createUpload({ params }));
    return { id, put: () => putBlob(url, blob) };
  };
  const image = await store(jpegs.image);
  const thumbnail = await store(jpegs.thumbnail);
  const rendition = jpegs.rendition && (await store(jpegs.rendition));
  await Promise.all([image.put(), thumbnail.put(), rendition?.put()]);
  const body = { imageId: image.id, thumbnailId: thumbnail.id, renditionId: rendition?.id };
  return okBody(api.albums.addImage({ params, body }));
}
