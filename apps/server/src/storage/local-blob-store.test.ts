import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type TestSite } from '../../test/support.ts';
import { LocalBlobStore } from './local-blob-store.ts';

let site: TestSite;
let store: LocalBlobStore;
beforeAll(async () => {
  site = await startSite();
  store = site.deps.blobs as LocalBlobStore;
});
afterAll(() => site.close());

const put = (url: string, body: Buffer | string, type = 'image/jpeg') =>
  request(site.app).put(url).set('Content-Type', type).send(body);

describe('local blob store behind signed URLs', () => {
  it('stores what is PUT to an upload URL and serves it from a download URL', async () => {
    const key = randomUUID();
    const bytes = Buffer.from('\xff\xd8 not really a jpeg but bytes all the same');
    await put(await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 1000 }), bytes).expect(204);
    expect(await store.size(key)).toBe(bytes.length);
    const res = await request(site.app)
      .get(await store.downloadUrl(key, { contentType: 'image/jpeg' }))
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
  });

  it('names the file in a download URL given a file name', async () => {
    const key = randomUUID();
    await put(
      await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 }),
      'hello',
      'text/plain',
    );
    const res = await request(site.app).get(
      await store.downloadUrl(key, { fileName: 'notes.txt', contentType: 'text/plain' }),
    );
    expect(res.headers['content-disposition']).toContain('notes.txt');
    expect(res.text).toBe('hello');
  });

  it('refuses an upload larger than allowed with 413 and keeps nothing', async () => {
    const key = randomUUID();
    const res = await put(
      await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 10 }),
      Buffer.alloc(11),
    );
    expect(res.status).toBe(413);
    expect(await store.size(key)).toBeNull();
  });

  it('refuses a tampered URL with 403: another key, a raised limit, or a changed signature', async () => {
    const key = randomUUID();
    const url = await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 10 });
    expect((await put(url.replace(key, randomUUID()), 'x')).status).toBe(403);
    expect((await put(url.replace('max=10', 'max=1000000'), 'x')).status).toBe(403);
    expect((await put(url.replace(/sig=.{4}/, 'sig=AAAA'), 'x')).status).toBe(403);
    // An upload URL does not read, and a download URL does not write.
    expect((await request(site.app).get(url)).status).toBe(403);
    expect(await store.size(key)).toBeNull();
  });

  it('refuses an expired URL with 403', async () => {
    const key = randomUUID();
    const past = new LocalBlobStore(
      store.dir,
      site.deps.config.sessionSecret,
      () => Date.now() - 16 * 60_000,
    );
    const res = await put(await past.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 10 }), 'x');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers 404 for a signed link to a blob that is gone', async () => {
    const key = randomUUID();
    await put(await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 10 }), 'x', 'text/plain');
    await store.remove([key]);
    expect((await request(site.app).get(await store.downloadUrl(key))).status).toBe(404);
  });
});
