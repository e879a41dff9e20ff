import type { Image } from '@site/contract';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import type { Jpegs } from '../image-convert.ts';

/**
 * Stores the JPEGs of an image and adds it to the album: an upload reservation per JPEG, their PUTs (reporting
 * the bytes sent of all of them), then the commit that puts the image at the end of the album. Answers the
 * added image.
 */
export async function uploadImage(
  photoAlbumId: string,
  jpegs: Jpegs,
  { progress, signal }: UploadRun,
): Promise<Image> {
  const params = { photoAlbumId };
  const [imageId, imageUrl] = await okBody(api.albums.createUpload({ params }));
  const [thumbnailId, thumbnailUrl] = await okBody(api.albums.createUpload({ params }));
  const sends = [
    { url: imageUrl, blob: jpegs.image },
    { url: thumbnailUrl, blob: jpegs.thumbnail },
  ];
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
  return okBody(api.albums.addImage({ params, body: { imageId, thumbnailId } }));
}
