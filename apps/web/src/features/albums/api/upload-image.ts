import type { Image } from '@site/contract';
import { api } from '../../../api/client.ts';
import { noContent, okBody } from '../../../api/failure.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import { resumableUpload } from '../../../shared/uploads/resumable-upload.ts';
import { wait } from '../../../shared/uploads/send-parts.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import type { Jpegs } from '../upload/image-convert.ts';
import { originalOf } from '../upload/original-file.ts';
import { originalRoutes } from './original-routes.ts';

/**
 * Stores an image and adds it to the album: an upload reservation and a PUT per JPEG (the full size, the thumbnail
 * and, when there is one, the screen-sized rendition), and the picked file itself, kept as the original (untouched,
 * under its name; left out when original-file.ts says the server would not take it), sent as a video is: in parts
 * when large, so a 100 MB camera file survives a lost connection. The bytes sent of all of them are reported as
 * one; then the commit puts the image at the end of the album, with what was read of the picked file (`about`:
 * when it was taken, its content hash). Each JPEG's reservation is told to `onReserved`, so a run that stops before
 * the commit can give them up (the original's is kept, to be resumed). Answers the added image.
 */
export async function uploadImage(
  photoAlbumId: string,
  file: File,
  jpegs: Jpegs,
  about: { takenAt?: string | undefined; contentHash?: string | undefined },
  run: UploadRun,
  onReserved: (uploadId: string) => void = () => {},
): Promise<Image> {
  const { progress, signal } = run;
  const params = { photoAlbumId };
  const blobs = [jpegs.image, jpegs.thumbnail, jpegs.rendition].filter((b): b is Blob => !!b);
  const reserved = [];
  for (const blob of blobs) {
    const fetchOptions = { signal };
    const slot = await okBody(api.albums.createUpload({ params, body: { size: blob.size }, fetchOptions }));
    onReserved(slot[0]);
    reserved.push(slot);
  }
  const kept = originalOf(file);
  const total = blobs.reduce((sum, b) => sum + b.size, kept ? file.size : 0);
  const sent = [...blobs.map(() => 0), 0];
  const report = (i: number) => (loaded: number) => {
    sent[i] = loaded;
    progress(
      sent.reduce((a, b) => a + b, 0),
      total,
    );
  };
  progress(0, total);
  const sendOriginal = kept && resumableUpload(file, originalRoutes(photoAlbumId), { put: putBytes, wait });
  const [originalId] = await Promise.all([
    sendOriginal ? sendOriginal(run, report(blobs.length)) : undefined,
    ...reserved.map(([, url], i) =>
      putBytes(url, blobs[i]!, { contentType: 'image/jpeg', signal, onProgress: report(i) }),
    ),
  ]);
  const [image, thumbnail, rendition] = reserved.map(([id]) => id);
  const body = {
    imageId: image!,
    thumbnailId: thumbnail!,
    renditionId: rendition,
    original: kept && originalId ? { uploadId: originalId, ...kept } : undefined,
    ...about,
  };
  return okBody(api.albums.addImage({ params, body }));
}

/** Gives up an upload reserved for the album and not added (its bytes are freed, its charge given back). */
export const dropAlbumUpload = (photoAlbumId: string, uploadId: string) =>
  noContent(api.albums.abortOriginalUpload({ params: { photoAlbumId, uploadId } }));
