import type { BlobStore } from './blob-store.ts';
import { diskFull } from './disk-full.ts';

/**
 * Refuses (507 disk_full) an upload of `bytes` that would take the blob store's disk under its reserve, before
 * any byte of it moves. A store without a disk of its own (S3) takes everything.
 */
export async function assertRoomFor(blobs: Pick<BlobStore, 'spareBytes'>, bytes: number): Promise<void> {
  const spare = await blobs.spareBytes();
  if (spare !== null && spare < bytes) throw diskFull();
}
