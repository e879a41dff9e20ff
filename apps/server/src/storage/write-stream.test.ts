import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import type { BlobStore } from './blob-store.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { S3BlobStore } from './s3-blob-store.ts';

let bucket: S3rverBucket;
let dir: string;
const stores: Record<string, () => BlobStore> = {};
beforeAll(async () => {
  bucket = await startS3rverBucket();
  dir = await mkdtemp(path.join(tmpdir(), 'write-stream-'));
  const s3 = new S3BlobStore(bucket.storage);
  const local = new LocalBlobStore(dir, 'secret');
  stores.local = () => local;
  stores.s3 = () => s3;
});
afterAll(async () => {
  await bucket.close();
  await rm(dir, { recursive: true, force: true });
});

/** `total` bytes in chunks of 1 MiB, each chunk filled with its number; fails after them when `fail`. */
function source(total: number, fail = false): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i * 2 ** 20 < total; i++) yield Buffer.alloc(Math.min(2 ** 20, total - i * 2 ** 20), i);
      if (fail) throw new Error('the archive broke');
    })(),
  );
}

async function readAll(store: BlobStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(['local', 's3'])('writeStream on the %s store', (kind) => {
  it('stores a stream of more than one S3 part whole, and answers its length', async () => {
    const store = stores[kind]!();
    const key = randomUUID();
    const total = 17 * 2 ** 20 + 5;
    expect(await store.writeStream(key, source(total), 'application/zip')).toBe(total);
    expect(await store.size(key)).toBe(total);
    const back = await readAll(store, key);
    expect(back.equals(Buffer.concat(await source(total).toArray()))).toBe(true);
  });

  it('leaves nothing behind when the stream fails', async () => {
    const store = stores[kind]!();
    const key = randomUUID();
    await expect(store.writeStream(key, source(3 * 2 ** 20, true), 'application/zip')).rejects.toThrow(
      'the archive broke',
    );
    expect(await store.size(key)).toBeNull();
    if (kind === 'local') expect(await readdir(path.join(dir, key.slice(0, 2)))).toEqual([]);
  });
});
