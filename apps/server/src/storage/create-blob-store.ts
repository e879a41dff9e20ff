import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

export function createBlobStore(config: Config): BlobStore {
  const storage = config.storage;
  return storage.kind === 's3'
    ? new S3BlobStore(storage)
    : new LocalBlobStore(storage.dir, config.sessionSecret, { reserveBytes: storage.reserveBytes });
}
