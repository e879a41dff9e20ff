import type { Image, OriginalType } from '@site/contract';
import { api } from '../../../api/client.ts';
import { okBody } from '../../../api/failure.ts';
import { resumableUpload } from '../../../shared/uploads/resumable-upload.ts';
import { wait } from '../../../shared/uploads/send-parts.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import type { Jpegs } from '../upload/image-convert.ts';
import { originalRoutes } from './original-routes.ts';

/**
 * Stores a video and adds it to the album: the video itself, as picked, through the resumable upload (in parts
 * when large, resumed after a pause), then its poster frame's JPEGs, each reported in one progress line, and the
 * commit that puts it at the end of the album with its duration and what was read of it (`about`). A video this
 * browser could not play has no poster (`jpegs` null): it is added without JPEGs. The returned function is the
 * panel's task, run again after a pause; answers the added item.
 */
export function videoUpload(
  photoAlbumId: string,
  file: File,
  kept: { name: string; type: OriginalType },
  read: () => Promise<{ jpegs: Jpegs | null; durationMs: number }>,
  about: { takenAt?: string | undefined; contentHash?: string | undefined },
) {
  const params = { photoAlbumId };
  const send = resumableUpload(file, originalRoutes(photoAlbumId), { put: putBytes, wait });
  let reading: ReturnType<typeof read> | null = null;
  return async (run: UploadRun): Promise<Image> => {
    reading ??= read();
    const { jpegs, durationMs } = await reading;
    const posters = jpegs
      ? [jpegs.image, jpegs.thumbnail, jpegs.rendition].filter((b): b is Blob => !!b)
      : [];
    const total = file.size + posters.reduce((sum, b) => sum + b.size, 0);
    run.progress(0, total);
    const uploadId = await send(run, (loaded) => run.progress(loaded, total));
    let sent = file.size;
    const [imageId, thumbnailId, renditionId] = await Promise.all(
      posters.map(async (blob) => {
        const [id, url] = await okBody(api.albums.createUpload({ params, body: { size: blob.size } }));
        await putBytes(url, blob, { contentType: 'image/jpeg', signal: run.signal });
        sent += blob.size;
        run.progress(sent, total);
        return id;
      }),
    );
    run.signal.throwIfAborted();
    const body = {
      imageId,
      thumbnailId,
      renditionId,
      original: { uploadId, ...kept },
      durationMs,
      ...about,
    };
    return okBody(api.albums.addImage({ params, body }));
  };
}
