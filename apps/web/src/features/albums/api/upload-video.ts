import type { Image, OriginalType } from '@site/contract';
import { api } from '../../../api/client.ts';
import { noContent, okBody } from '../../../api/failure.ts';
import { resumableUpload, type UploadRoutes } from '../../../shared/uploads/resumable-upload.ts';
import { wait } from '../../../shared/uploads/send-parts.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import type { Jpegs } from '../upload/image-convert.ts';

/** The album's routes for a video's resumable upload (the file manager's, in the album: no `files` permission). */
function videoRoutes(photoAlbumId: string): UploadRoutes {
  const albums = api.albums;
  const at = (uploadId: string) => ({ photoAlbumId, uploadId });
  return {
    createUpload: (body, signal) =>
      okBody(albums.createVideoUpload({ params: { photoAlbumId }, body, fetchOptions: { signal } })),
    uploadUrl: async (uploadId, signal) =>
      (await okBody(albums.videoUploadUrl({ params: at(uploadId), fetchOptions: { signal } }))).url,
    partUrls: async (uploadId, partNumbers, signal) =>
      (
        await okBody(
          albums.videoPartUrls({ params: at(uploadId), body: { partNumbers }, fetchOptions: { signal } }),
        )
      ).urls,
    uploadParts: (uploadId, signal) =>
      okBody(albums.videoUploadParts({ params: at(uploadId), fetchOptions: { signal } })),
    abortUpload: (uploadId) => noContent(albums.abortVideoUpload({ params: at(uploadId) })),
  };
}

/**
 * Stores a video and adds it to the album: the video itself, as picked, through the resumable upload (in parts
 * when large, resumed after a pause), then its poster frame's JPEGs, each reported in one progress line, and the
 * commit that puts it at the end of the album with its duration and what was read of it (`about`). The returned
 * function is the panel's task, run again after a pause; answers the added item.
 */
export function videoUpload(
  photoAlbumId: string,
  file: File,
  kept: { name: string; type: OriginalType },
  read: () => Promise<{ jpegs: Jpegs; durationMs: number }>,
  about: { takenAt?: string | undefined; contentHash?: string | undefined },
) {
  const params = { photoAlbumId };
  const send = resumableUpload(file, videoRoutes(photoAlbumId), { put: putBytes, wait });
  let reading: ReturnType<typeof read> | null = null;
  return async (run: UploadRun): Promise<Image> => {
    reading ??= read();
    const { jpegs, durationMs } = await reading;
    const posters = [jpegs.image, jpegs.thumbnail, jpegs.rendition].filter((b): b is Blob => !!b);
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
      imageId: imageId!,
      thumbnailId: thumbnailId!,
      renditionId,
      original: { uploadId, ...kept },
      durationMs,
      ...about,
    };
    return okBody(api.albums.addImage({ params, body }));
  };
}
