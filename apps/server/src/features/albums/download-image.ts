import type { Image as ImageRow, PhotoAlbum } from '../../db/generated/client.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Characters no file system takes in a name, and control characters. */
const unsafeInName = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * A signed URL that downloads the full-size photo as an attachment named for its album and place in it
 * ("Summer 2025 3.jpg"), so the saved file says what it is.
 */
export function downloadImageUrl(
  blobs: Pick<BlobStore, 'downloadUrl'>,
  album: Pick<PhotoAlbum, 'name'>,
  image: Pick<ImageRow, 'id' | 'rank'>,
): Promise<string> {
  const name = album.name.replace(unsafeInName, ' ').replace(/\s+/g, ' ').trim() || 'Photo';
  return blobs.downloadUrl(image.id, {
    fileName: `${name} ${image.rank + 1}.jpg`,
    contentType: 'image/jpeg',
  });
}
