import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { BackupBucket } from './backup-bucket.ts';
import type { BlobSource } from './blob-source.ts';
import { bucketLayout } from './bucket-layout.ts';
import type { Snapshot } from './snapshot.ts';
import { storeBlobs } from './store-blobs.ts';
import type { Verification } from './verify-backup.ts';
import { verifyBucketBlobs } from './verify-bucket-blobs.ts';
import { writeArchive } from './write-archive.ts';

export interface BucketBackup {
  bucket: BackupBucket;
  source: BlobSource;
  snapshot: Snapshot;
  /** The installation's folder (its secrets go into the archive). */
  dataDir: string;
  /** A local folder for the archive while it is written and read back. */
  scratchDir: string;
  /** The archive's name, e.g. site-2026-11-27T03-00-00Z.tar. */
  name: string;
  /** Checks an archive's database against its manifest (verifyInChild unless a test says otherwise). */
  verify: (file: string) => Promise<Verification>;
  logger: Logger;
}

/**
 * Backs `snapshot` up into a bucket: the blobs it refers to first (only those no earlier backup stored), then the
 * archive (database, manifest, secrets) under `unverified/`. Both are then read back from the bucket and checked;
 * a verified archive is copied to the top level (its manifest beside), a failed one to `failed/`, and a blob whose
 * copy differs from the site's is copied again, the differing copy kept under `set-aside/`. Answers the archive's size and the problems found; a
 * failure of the store itself throws, leaving the archive, if it got that far, under `unverified/` only.
 */
export async function backupToBucket(b: BucketBackup): Promise<{ bytes: number; problems: string[] }> {
  const scratch = await mkdtemp(path.join(b.scratchDir, '.staging-'));
  try {
    const stored = await storeBlobs(b.bucket, b.source, b.snapshot.blobKeys);
    const file = path.join(scratch, b.name);
    const { manifest, bytes } = await writeArchive(b.dataDir, b.snapshot, file, stored);
    await b.bucket.putFile(bucketLayout.unverified(b.name), file);
    await rm(file);
    b.logger.info(
      { bucket: b.bucket.address, copied: stored.copied, absent: stored.absent.length },
      'backup: blobs and archive stored, verifying them from the bucket',
    );

    const readBack = path.join(scratch, `read-back-${b.name}`);
    await pipeline(await b.bucket.read(bucketLayout.unverified(b.name)), createWriteStream(readBack));
    const database = await b.verify(readBack);
    const blobs = await verifyBucketBlobs(b.bucket, b.source, stored.blobs);
    const problems = [...database.problems, ...blobs.problems];

    if (problems.length === 0) {
      await b.bucket.putBytes(
        bucketLayout.manifest(b.name),
        Buffer.from(JSON.stringify(manifest)),
        'application/json',
      );
      await b.bucket.copyWithin(bucketLayout.unverified(b.name), bucketLayout.archive(b.name));
    } else {
      await b.bucket.copyWithin(bucketLayout.unverified(b.name), bucketLayout.failed(b.name));
      // Earlier archives list the same blob, so it is copied again now rather than left damaged in all of them.
      // Which side changed is unknown (a blob never changes), so the bucket's copy is set aside, not lost.
      for (const key of blobs.damaged) {
        await b.bucket.copyWithin(bucketLayout.blob(key), bucketLayout.setAside(key, b.name));
        await b.source.copyTo(b.bucket, key);
      }
    }
    await b.bucket.remove([bucketLayout.unverified(b.name)]);
    return { bytes, problems };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
