import { imageMaxBytes } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import { assertRoomFor } from '../../storage/disk-guard.ts';
import { reserveUpload } from '../../storage/pending-uploads.ts';

/**
 * Reserves one JPEG upload for an album (the full size, rendition or thumbnail): its id becomes the blob key. The
 * announced size, else the most a JPEG may be, is charged to the uploader (the owner or a contributor) until the
 * image is added, and caps the PUT, which is signed for image/jpeg. Answers the id and the signed URL; 413 over the
 * quota, 507 once the blob store's disk is under its reserve.
 */
export async function createImageUpload(
  { db, blobs, config }: Pick<AppDeps, 'db' | 'blobs' | 'config'>,
  uploaderId: string,
  albumId: string,
  announced?: number,
): Promise<[string, string]> {
  const size = announced ?? imageMaxBytes;
  // Without an announced size the PUT asks the guard again with the bytes it brings.
  await assertRoomFor(blobs, announced ?? 0);
  const { id } = await reserveUpload(db, config.quota, {
    ownerId: uploaderId,
    kind: 'IMAGE',
    albumId,
    size: BigInt(size),
  });
  return [id, await blobs.uploadUrl(id, { contentType: 'image/jpeg', maxBytes: size })];
}
