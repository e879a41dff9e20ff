import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { S3BlobStore } from '../storage/s3-blob-store.ts';
import { blobPath } from './archive-format.ts';
import type { BackupBucket } from './backup-bucket.ts';
import { bucketLayout } from './bucket-layout.ts';

/** The site's blobs as a backup into a bucket reads them. */
export interface BlobSource {
  /** Puts blob `key` into `bucket` (bucketLayout.blob); false when the site no longer holds it. */
  copyTo(bucket: BackupBucket, key: string): Promise<boolean>;
  /** The size of the site's copy of `key`; null when the site no longer holds it. */
  size(key: string): Promise<number | null>;
  /** The site's bytes of `key`, for a comparison. */
  read(key: string): Promise<Readable>;
}

/** Blobs in a local folder (the local store's layout): each one is uploaded. */
function folderSource(dir: string): BlobSource {
  const file = (key: string) => path.join(dir, blobPath(key));
  const sizeOf = (key: string) =>
    stat(file(key)).then(
      (s) => s.size,
      () => null,
    );
  return {
    async copyTo(bucket, key) {
      if ((await sizeOf(key)) === null) return false;
      await bucket.putFile(bucketLayout.blob(key), file(key));
      return true;
    },
    size: sizeOf,
    read: async (key) => createReadStream(file(key)),
  };
}

/** Blobs in the site's bucket on the same store: each one is copied by the store itself, no byte passing here. */
function bucketSource(settings: Extract<Config['storage'], { kind: 's3' }>): BlobSource {
  const store = new S3BlobStore(settings);
  return {
    copyTo: (bucket, key) => bucket.copyIn(settings.bucket, key, bucketLayout.blob(key)),
    size: (key) => store.size(key),
    read: (key) => store.read(key),
  };
}

/** Where the site keeps its blobs: `storage`, or the local folder under `dataDir` when it is not given. */
export function blobSourceOf({
  dataDir,
  storage,
}: Pick<Config, 'dataDir'> & { storage?: Config['storage'] }) {
  return storage?.kind === 's3' ? bucketSource(storage) : folderSource(path.join(dataDir, 'blobs'));
}
