import type { AppDeps } from '../../deps.ts';
import { assertRoomFor } from '../../storage/disk-guard.ts';

/** The largest JPEG (full image or thumbnail) an album accepts. */
export const imageMaxBytes = 25 * 1024 * 1024;

/**
 * Reserves one JPEG upload for an album: its id becomes the blob key (and later the image or thumbnail id).
 * Answers the id and the signed URL the browser PUTs the bytes to; 507 once the blob store's disk is under its
 * reserve (the PUT asks again with the size it brings).
 */
export async function createImageUpload(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  ownerId: string,
  albumId: string,
): Promise<[string, string]> {
  await assertRoomFor(blobs, 0);
  const { id } = await db.pendingUpload.create({
    data: { ownerId, kind: 'IMAGE', albumId },
    select: { id: true },
  });
  return [id, await blobs.uploadUrl(id, { contentType: 'image/jpeg', maxBytes: imageMaxBytes })];
}
