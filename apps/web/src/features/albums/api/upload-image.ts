import type { Image } from '@site/contract';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import type { Jpegs } from '../image-convert.ts';

/**
 * Stores the JPEGs of an image and adds it to the album: an upload reservation per JPEG (the full size, the
 * thumbnail and, when there is one, the screen-sized rendition), their PUTs (reporting the bytes sent of all of
 * them), then the commit that puts the image at the end of the album, with what was read of the picked file
 * (`about`: when it was taken, its content hash). Answers the added image.
 */
export async function uploadImage(
  photoAlbumId: string,
  jpegs: Jpegs,
  about: { takenAt?: string | undefined; contentHash?: string | undefined },
  { progress, signal }: UploadRun,
): Promise<Image> {
  const params = { photoAlbumId };
  const reserve = async (blob: Blob) => {
    const [id, url] = await okBody(api.albums.createUpload({ params, body: { size: blob.size } }));
    return { id, url, blob };
  };
  const image = await reserve(jpegs.image);
  const thumbnail = await reserve(jpegs.thumbnail);
  const rendition = jpegs.rendition && (await reserve(jpegs.rendition));
  const sends = rendition ? [image, thumbnail, rendition] : [image, thumbnail];
  const total = sends.reduce((sum, s) => sum + s.blob.size, 0);
  const sent = sends.map(() => 0);
  progress(0, total);
  await Promise.all(
    sends.map(({ url, blob }, i) =>
      putBytes(url, blob, {
        contentType: 'image/jpeg',
        signal,
        onProgress: (loaded) => {
          sent[i] = loaded;
          progress(
            sent.reduce((a, b) => a + b, 0),
            total,
          );
        },
      }),
    ),
  );
  const body = { imageId: image.id, thumbnailId: thumbnail.id, renditionId: rendition?.id, ...about };
  return okBody(api.albums.addImage({ params, body }));
}
