import type { BackupBucket } from './backup-bucket.ts';
import type { BlobSource } from './blob-source.ts';
import { bucketLayout } from './bucket-layout.ts';
import { hashStream, sample, sampleBlobs, verifyAllBlobsUpTo, type Verification } from './verify-backup.ts';

/** The blobs part of a bucket backup's verification. */
export interface BlobsVerification extends Verification {
  /** Keys whose copy in the bucket differs from the site's: the caller copies them again. */
  damaged: string[];
}

/**
 * Checks the blobs a bucket backup lists, read back from the bucket: each is there with the size of the site's
 * copy and (every one up to `verifyAllBlobsUpTo` bytes in all, else a random `sampleBlobs`) the same SHA-256.
 */
export async function verifyBucketBlobs(
  bucket: BackupBucket,
  source: BlobSource,
  keys: string[],
): Promise<BlobsVerification> {
  const problems: string[] = [];
  const damaged: string[] = [];
  const sizes = new Map((await bucket.list(bucketLayout.blobs)).map((o) => [o.name, o.bytes]));
  const present = keys.filter((key) => sizes.has(bucketLayout.blob(key)));
  for (const key of keys)
    if (!sizes.has(bucketLayout.blob(key))) problems.push(`blob ${key} is missing from the bucket`);
  const total = present.reduce((sum, key) => sum + sizes.get(bucketLayout.blob(key))!, 0);
  const compared = new Set(total <= verifyAllBlobsUpTo ? present : sample(present, sampleBlobs));
  for (const key of present) {
    const original = await source.size(key);
    // A blob deleted on the site since is judged by what the bucket holds alone: its bytes are gone.
    if (original === null) continue;
    const inBucket = sizes.get(bucketLayout.blob(key))!;
    if (inBucket !== original) {
      problems.push(`blob ${key} has ${inBucket} bytes in the bucket, ${original} on the site`);
      damaged.push(key);
      continue;
    }
    if (!compared.has(key)) continue;
    const theirs = await hashStream(await bucket.read(bucketLayout.blob(key)));
    const mine = await source
      .read(key)
      .then(hashStream)
      .catch(async (error: unknown) => {
        // Purged on the site since its size was read (its row went after the snapshot): nothing to compare.
        if ((await source.size(key)) === null) return null;
        throw error;
      });
    if (mine && mine.sha !== theirs.sha) {
      problems.push(`blob ${key} differs from the site's (SHA-256)`);
      damaged.push(key);
    }
  }
  return { problems, blobsCompared: compared.size, damaged };
}
