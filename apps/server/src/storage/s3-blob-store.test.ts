import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import { S3BlobStore, stagingKey } from './s3-blob-store.ts';

// s3rver speaks the S3 protocol over HTTP but does not check signatures; tampering is covered by the local store.
let bucket: S3rverBucket;
let store: S3BlobStore;

beforeAll(async () => {
  bucket = await startS3rverBucket();
  store = new S3BlobStore(bucket.storage);
});
afterAll(() => bucket.close());

/** Puts `body` under `key` through a presigned URL, as a browser does, and commits it. */
async function putAndPromote(key: string, body: string, contentType = 'text/plain') {
  await fetch(await store.uploadUrl(key, { contentType, maxBytes: 100 }), {
    method: 'PUT',
    headers: { 'content-type': contentType },
    body,
  });
  await store.promote(key);
}

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
    // Uploaded bytes are nothing until committed.
    expect(await store.size(key)).toBeNull();
    await store.promote(key);
    expect(await store.size(key)).toBe(10);

    const get = await fetch(await store.downloadUrl(key, { fileName: 'photo.jpg' }));
    expect(await get.text()).toBe('jpeg bytes');
    expect(get.headers.get('content-disposition')).toContain('photo.jpg');

    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('jpeg bytes');
  });

  it('signs PUT URLs without a fixed checksum', async () => {
    const url = await store.uploadUrl(randomUUID(), { contentType: 'image/jpeg', maxBytes: 100 });
    expect(url.toLowerCase()).not.toContain('x-amz-checksum');
    expect(url.toLowerCase()).not.toContain('x-amz-sdk-checksum');
  });

  it('keeps a committed blob out of reach of its upload URL: a replayed PUT changes nothing served', async () => {
    const key = randomUUID();
    const url = await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 });
    const putText = (body: string) =>
      fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body });
    await putText('the original');
    await store.promote(key);
    expect((await putText('<script>alert(1)</script>')).ok).toBe(true);
    expect(await store.size(key)).toBe('the original'.length);
    const get = await fetch(
      await store.downloadUrl(key, { fileName: 'notes.txt', contentType: 'text/plain' }),
    );
    expect(await get.text()).toBe('the original');
    // What the replay left is removed with the blob.
    await store.remove([key]);
    expect(await store.size(stagingKey(key))).toBeNull();
  });

  it('serves files as attachments of a type that does not run, and album photos inline as JPEG', async () => {
    const key = randomUUID();
    await putAndPromote(key, '<script>alert(1)</script>', 'text/html');
    const file = await fetch(
      await store.downloadUrl(key, { fileName: 'page.html', contentType: 'text/html' }),
    );
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''page.html`);
    const photo = await fetch(await store.downloadUrl(key, { contentType: 'image/jpeg' }));
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('content-disposition')).toBe('inline');
  });

  it('answers null for a missing blob and removes blobs', async () => {
    const key = randomUUID();
    expect(await store.size(key)).toBeNull();
    await putAndPromote(key, 'x');
    expect(await store.size(key)).toBe(1);
    await store.remove([key]);
    expect(await store.size(key)).toBeNull();
  });

  it('passes its readiness check on a reachable bucket and fails it on a missing one', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const missing = new S3BlobStore({ ...bucket.storage, bucket: 'no-such-bucket' });
    await expect(missing.check()).rejects.toThrow();
  });

  it('lists every stored blob with its last-modified time, for the reconciler', async () => {
    const key = randomUUID();
    await putAndPromote(key, 'listed');
    const listed = [];
    for await (const blob of store.list()) listed.push(blob);
    const mine = listed.find((b) => b.key === key);
    expect(mine?.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await store.remove([key]);
    const after = [];
    for await (const blob of store.list()) after.push(blob.key);
    expect(after).not.toContain(key);
    // s3rver cannot list multipart uploads; the store answers that nothing was aborted rather than failing.
    expect(await store.removeAbandonedParts(new Date())).toEqual([]);
  });

  it('signs URLs for the public endpoint while the server itself calls the internal one', async () => {
    // Two names for one s3rver stand in for compose's internal service name and the public host.
    const { port } = bucket;
    const split = new S3BlobStore({
      ...bucket.storage,
      endpoint: 'http://nothing-listens.invalid:9',
      publicEndpoint: `http://localhost:${port}`,
    });
    const key = randomUUID();
    const url = await split.uploadUrl(key, { contentType: 'text/plain', maxBytes: 10 });
    expect(url.startsWith(`http://localhost:${port}/site-blobs/uploads/${key}?`)).toBe(true);
    expect((await split.downloadUrl(key)).startsWith(`http://localhost:${port}/`)).toBe(true);
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    expect(put.ok).toBe(true);
    // The server's own call goes to the internal endpoint, which does not answer here.
    await expect(split.size(key)).rejects.toThrow();
    await store.promote(key);
    expect(await store.size(key)).toBe(5);
  });
});
