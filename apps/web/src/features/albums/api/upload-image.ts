import type { Image } from '@site/contract';
import { api } from '../../../api/client.ts';
import { noContent, okBody } from '../../../api/failure.ts';
import { putBytes } from '../../../shared/uploads/put-bytes.ts';
import type { UploadRun } from '../../../shared/uploads/upload-store.ts';
import type { Jpegs } from '../upload/image-convert.ts';
import { originalOf } from '../upload/original-file.ts';

/** The PUT of one reserved upload: where, what, and the type its URL was signed for. */
interface Send {
  id: string;
  url: string;
  blob: Blob;
  contentType: string;
}

/**
 * Stores an image and adds it to the album: an upload reservation per JPEG (the full size, the thumbnail and, when
 * there is one, the screen-sized rendition) and one for the picked file itself, kept as the original (untouched,
 * under its name; left out when original-file.ts says the server would not take it), their PUTs (reporting the
 * bytes sent of all of them), then the commit that puts the image at the end of the album, with what was read of
 * the picked file (`about`: when it was taken, its content hash). Each reservation is told to `onReserved`, so a
 * run that stops before the commit can give them up. Answers the added image.
 */
export async function uploadImage(
  photoAlbumId: string,
  file: File,
  jpegs: Jpegs,
  about: { takenAt?: string | undefined; contentHash?: string | undefined },
  { progress, signal }: Pick<UploadRun, 'progress' | 'signal'>,
  onReserved: (uploadId: string) => void = () => {},
): Promise<Image> {
  const params = { photoAlbumId };
  const fetchOptions = { signal };
  const reserve = async (blob: Blob): Promise<Send> => {
    const [id, url] = await okBody(
      api.albums.createUpload({ params, body: { size: blob.size }, fetchOptions }),
    );
    onReserved(id);
    return { id, url, blob, contentType: 'image/jpeg' };
  };
  const image = await reserve(jpegs.image);
  const thumbnail = await reserve(jpegs.thumbnail);
  const rendition = jpegs.rendition && (await reserve(jpegs.rendition));
  const reserveOriginal = async (): Promise<Send> => {
    const [id, url] = await okBody(
      api.albums.createOriginalUpload({ params, body: { size: file.size }, fetchOptions }),
    );
    onReserved(id);
    return { id, url, blob: file, contentType: 'application/octet-stream' };
  };
  const kept = originalOf(file);
  const original = kept && (await reserveOriginal());
  const sends = [image, thumbnail, rendition, original].filter((s): s is Send => !!s);
  const total = sends.reduce((sum, s) => sum + s.blob.size, 0);
  const sent = sends.map(() => 0);
  progress(0, total);
  await Promise.all(
    sends.map(({ url, blob, contentType }, i) =>
      putBytes(url, blob, {
        contentType,
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
  const body = {
    imageId: image.id,
    thumbnailId: thumbnail.id,
    renditionId: rendition?.id,
    original: kept && original ? { uploadId: original.id, ...kept } : undefined,
    ...about,
  };
  return okBody(api.albums.addImage({ params, body }));
}

/** Gives up an upload reserved for the album and not added (its bytes are freed, its charge given back). */
export const dropAlbumUpload = (photoAlbumId: string, uploadId: string) =>
  noContent(api.albums.abortVideoUpload({ params: { photoAlbumId, uploadId } }));
