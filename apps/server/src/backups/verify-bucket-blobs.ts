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
    const original = await source.open(key);
    // A blob deleted on the site since is judged by what the bucket holds alone: its bytes are gone.
    if (!original) continue;
    const inBucket = sizes.get(bucketLayout.blob(key))!;
    if (inBucket !== original.bytes) {
      original.stream.destroy();
      problems.push(`blob ${key} has ${inBucket} bytes in the bucket, ${original.bytes} on the site`);
      damaged.push(key);
      continue;
    }
    if (!compared.has(key)) {
      original.stream.destroy();
      continue;
    }
    const [mine, theirs] = await Promise.all([
      hashStream(original.stream),
      hashStream(await bucket.read(bucketLayout.blob(key))),
    ]);
    if (mine.sha !== theirs.sha) {
      problems.push(`blob ${key} differs from the site's (SHA-256)`);
      damaged.push(key);
    }
  }
  return { problems, blobsCompared: compared.size, damaged };
}
