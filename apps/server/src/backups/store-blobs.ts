import type { BackupBucket } from './backup-bucket.ts';
import type { BlobSource } from './blob-source.ts';
import { bucketLayout } from './bucket-layout.ts';

/** Copies at a time: a store answers several at once, and each copy mostly waits on it. */
const concurrency = 8;

/** What storeBlobs did. */
export interface StoredBlobs {
  /** Keys whose bytes are in the bucket now. */
  blobs: string[];
  /** Keys the site no longer holds (deleted since the snapshot, or uploads not sent yet). */
  absent: string[];
  /** How many were copied by this call; the others were there from an earlier backup. */
  copied: number;
}

/**
 * Puts each of `keys` into the bucket's shared blob folder unless an earlier backup already did: blobs never
 * change and keys are never reused, so one there is the same bytes (the verification checks that it is).
 */
export async function storeBlobs(
  bucket: BackupBucket,
  source: BlobSource,
  keys: string[],
): Promise<StoredBlobs> {
  const there = new Set((await bucket.list(bucketLayout.blobs)).map((o) => o.name));
  const missing = keys.filter((key) => !there.has(bucketLayout.blob(key)));
  const gone = new Set<string>();
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const key = missing[next++]!;
      if (!(await source.copyTo(bucket, key))) gone.add(key);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    blobs: keys.filter((key) => !gone.has(key)),
    absent: keys.filter((key) => gone.has(key)),
    copied: missing.length - gone.size,
  };
}
