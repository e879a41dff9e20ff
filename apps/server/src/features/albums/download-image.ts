import type { Image as ImageRow, PhotoAlbum } from '../../db/generated/client.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Characters no file system takes in a name, and control characters. */
const unsafeInName = /[\\/:*?"<>|\p{Cc}]+/gu;

/** A video's file name ending, from the name it was added under, else its type. */
function videoEnding(image: Pick<ImageRow, 'originalName' | 'originalType'>): string {
  const named = /\.[a-z0-9]{1,5}$/i.exec(image.originalName ?? '')?.[0];
  if (named) return named.toLowerCase();
  return image.originalType === 'video/quicktime'
    ? '.mov'
    : image.originalType === 'video/webm'
      ? '.webm'
      : '.mp4';
}

/**
 * A signed URL that downloads the item as an attachment named for its album and place in it ("Summer 2025 3.jpg"),
 * so the saved file says what it is: the full-size photo, or for a video the video itself (whoever may view it may
 * play it, so may keep it; its original name stays behind the originals rules).
 */
export function downloadImageUrl(
  blobs: Pick<BlobStore, 'downloadUrl'>,
  album: Pick<PhotoAlbum, 'name'>,
  image: Pick<ImageRow, 'id' | 'rank' | 'durationMs' | 'originalId' | 'originalName' | 'originalType'>,
): Promise<string> {
  const name = album.name.replace(unsafeInName, ' ').replace(/\s+/g, ' ').trim() || 'Photo';
  const place = `${name} ${image.rank + 1}`;
  if (image.durationMs !== null && image.originalId && image.originalType)
    return blobs.downloadUrl(image.originalId, {
      fileName: `${place}${videoEnding(image)}`,
      contentType: image.originalType,
    });
  return blobs.downloadUrl(image.id, { fileName: `${place}.jpg`, contentType: 'image/jpeg' });
}
