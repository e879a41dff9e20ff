import { imageMaxBytes } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import { assertRoomFor } from '../../storage/disk-guard.ts';
import { reserveUpload } from '../../storage/pending-uploads.ts';

type UploadDeps = Pick<AppDeps, 'db' | 'blobs' | 'config'>;

/**
 * Reserves one upload of `size` bytes for an album: its id becomes the blob key. The size is charged to the
 * uploader (the owner or a contributor) until the image is added, and caps the PUT, which is signed for
 * `contentType`. Answers the id and the signed URL; 413 over the quota, 507 once the blob store's disk is under its
 * reserve (`checked` is the size the disk guard is asked about).
 */
export async function reserveAlbumUpload(
  { db, blobs, config }: UploadDeps,
  uploaderId: string,
  albumId: string,
  { size, checked = size, contentType }: { size: number; checked?: number; contentType: string },
): Promise<[string, string]> {
  await assertRoomFor(blobs, checked);
  const { id } = await reserveUpload(db, config.quota, {
    ownerId: uploaderId,
    kind: 'IMAGE',
    albumId,
    size: BigInt(size),
  });
  return [id, await blobs.uploadUrl(id, { contentType, maxBytes: size })];
}

/**
 * Reserves one JPEG upload for an album (the full size, rendition or thumbnail): the announced size, else the most
 * a JPEG may be, is charged and caps the PUT.
 */
export function createImageUpload(deps: UploadDeps, uploaderId: string, albumId: string, announced?: number) {
  // Without an announced size the PUT asks the guard again with the bytes it brings.
  return reserveAlbumUpload(deps, uploaderId, albumId, {
    size: announced ?? imageMaxBytes,
    checked: announced ?? 0,
    contentType: 'image/jpeg',
  });
}
