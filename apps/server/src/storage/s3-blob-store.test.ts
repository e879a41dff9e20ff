import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from './s3-blob-store.ts';

// s3rver speaks the S3 protocol over HTTP but does not check signatures; tampering is covered by the local store.
let server: S3rver;
let dir: string;
let store: S3BlobStore;
let port: number;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'site-blobs', configs: [] }],
  });
  ({ port } = await server.run());
  store = new S3BlobStore({
    bucket: 'site-blobs',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3 blob store', () => {
  it('takes a browser-style PUT to a presigned URL and serves it back from a presigned GET', async () => {
    const key = randomUUID();
    const url = await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 100 });
    expect(url).toContain('X-Amz-Signature');
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: 'jpeg bytes',
    });
    expect(put.ok).toBe(true);
    expect(await store.size(key)).toBe(10);

    const get = await fetch(await store.downloadUrl(key, { fileName: 'photo.jpg' }));
    expect(await get.text()).toBe('jpeg bytes');
    expect(get.headers.get('content-disposition')).toContain('photo.jpg');

    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('jpeg bytes');
  });

  it('answers null for a missing blob and removes blobs', async () => {
    const key = randomUUID();
    expect(await store.size(key)).toBeNull();
    await fetch(await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 10 }), {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    await store.remove([key]);
    expect(await store.size(key)).toBeNull();
  });

  it('signs URLs for the public endpoint while the server itself calls the internal one', async () => {
    // Two names for one s3rver stand in for compose's internal service name and the public host.
    const split = new S3BlobStore({
      bucket: 'site-blobs',
      endpoint: 'http://nothing-listens.invalid:9',
      publicEndpoint: `http://localhost:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const key = randomUUID();
    const url = await split.uploadUrl(key, { contentType: 'text/plain', maxBytes: 10 });
    expect(url.startsWith(`http://localhost:${port}/site-blobs/${key}?`)).toBe(true);
    expect((await split.downloadUrl(key)).startsWith(`http://localhost:${port}/`)).toBe(true);
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(put.ok).toBe(true);
    // The server's own call goes to the internal endpoint, which does not answer here.
    await expect(split.size(key)).rejects.toThrow();
    expect(await store.size(key)).toBe(5);
  });
});
