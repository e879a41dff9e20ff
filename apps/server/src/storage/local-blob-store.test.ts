import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { startSite, type TestSite } from '../../test/support.ts';
import { LocalBlobStore } from './local-blob-store.ts';

let site: TestSite;
let store: LocalBlobStore;
let ownerId: string;
beforeAll(async () => {
  site = await startSite();
  store = site.deps.blobs as LocalBlobStore;
  ownerId = (await site.deps.db.user.create({ data: { email: 'blobs@example.com', passwordHash: 'x' } })).id;
});
afterAll(() => site.close());

const put = (url: string, body: Buffer | string, type = 'image/jpeg') =>
  request(site.app).put(url).set('Content-Type', type).send(body);

/** The key of a new pending upload: a PUT needs one. */
async function pendingKey(): Promise<string> {
  return (await site.deps.db.pendingUpload.create({ data: { ownerId, kind: 'FILE', size: 100n } })).id;
}

describe(`local blob store behind signed URLs (${databaseKind})`, () => {
  it('stores what is PUT to an upload URL and serves it from a download URL', async () => {
    const key = await pendingKey();
    const bytes = Buffer.from('\xff\xd8 not really a jpeg but bytes all the same');
    await put(await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 1000 }), bytes).expect(204);
    expect(await store.size(key)).toBe(bytes.length);
    const res = await request(site.app)
      .get(await store.downloadUrl(key, { contentType: 'image/jpeg' }))
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
  });

  it('takes one PUT per upload link: a replay answers 403 and leaves the bytes alone', async () => {
    const key = await pendingKey();
    const url = await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 });
    await put(url, 'the original', 'text/plain').expect(204);
    const replay = await put(url, '<script>', 'text/plain');
    expect(replay.status).toBe(403);
    expect(replay.body.error.code).toBe('forbidden');
    expect(await store.size(key)).toBe('the original'.length);
  });

  it('refuses a PUT once its upload is gone (committed or removed) and writes nothing', async () => {
    const key = await pendingKey();
    const url = await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 });
    await site.deps.db.pendingUpload.delete({ where: { id: key } });
    expect((await put(url, 'an orphan', 'text/plain')).status).toBe(403);
    expect(await store.size(key)).toBeNull();
    // A key that was never an upload is refused the same way.
    const stranger = randomUUID();
    const forged = await store.uploadUrl(stranger, { contentType: 'text/plain', maxBytes: 100 });
    expect((await put(forged, 'x', 'text/plain')).status).toBe(403);
    expect(await store.size(stranger)).toBeNull();
  });

  it('lets a PUT that failed half-way be tried again', async () => {
    const key = await pendingKey();
    const url = await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 5 });
    expect((await put(url, 'far too long', 'text/plain')).status).toBe(413);
    await put(url, 'short', 'text/plain').expect(204);
    expect(await store.size(key)).toBe(5);
  });

  it('serves files as attachments that never run: nosniff, a sandbox CSP, no executable type', async () => {
    const cases: [string, string, string][] = [
      ['page.html', 'text/html', 'application/octet-stream'],
      ['app.js', 'text/javascript', 'application/octet-stream'],
      ['logo.svg', 'image/svg+xml', 'application/octet-stream'],
      ['feed.xml', 'application/xml', 'application/octet-stream'],
      ['notes.txt', 'text/plain', 'text/plain'],
      ['photo.png', 'image/png', 'image/png'],
    ];
    for (const [fileName, declared, served] of cases) {
      const key = await pendingKey();
      await put(await store.uploadUrl(key, { contentType: declared, maxBytes: 100 }), '<b>x</b>', declared);
      const res = await request(site.app).get(
        await store.downloadUrl(key, { fileName, contentType: declared }),
      );
      expect(res.headers['content-type']?.split(';')[0]).toBe(served);
      expect(res.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${fileName}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe('sandbox');
    }
  });

  it('names the file in a download URL given a file name', async () => {
    const key = await pendingKey();
    await put(
      await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 100 }),
      'hello',
      'text/plain',
    );
    const res = await request(site.app).get(
      await store.downloadUrl(key, { fileName: 'notes.txt', contentType: 'text/plain' }),
    );
    expect(res.headers['content-disposition']).toContain('notes.txt');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.text).toBe('hello');
  });

  it('refuses an upload larger than allowed with 413 and keeps nothing', async () => {
    const key = await pendingKey();
    const res = await put(
      await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 10 }),
      Buffer.alloc(11),
    );
    expect(res.status).toBe(413);
    expect(await store.size(key)).toBeNull();
  });

  it('refuses a tampered URL with 403: another key, a raised limit, or a changed signature', async () => {
    const key = await pendingKey();
    const url = await store.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 10 });
    expect((await put(url.replace(key, randomUUID()), 'x')).status).toBe(403);
    expect((await put(url.replace('max=10', 'max=1000000'), 'x')).status).toBe(403);
    expect((await put(url.replace(/sig=.{4}/, 'sig=AAAA'), 'x')).status).toBe(403);
    // An upload URL does not read, and a download URL does not write.
    expect((await request(site.app).get(url)).status).toBe(403);
    expect(await store.size(key)).toBeNull();
  });

  it('refuses an expired URL with 403', async () => {
    const key = await pendingKey();
    const past = new LocalBlobStore(store.dir, site.deps.config.sessionSecret, {
      now: () => Date.now() - 16 * 60_000,
    });
    const res = await put(await past.uploadUrl(key, { contentType: 'image/jpeg', maxBytes: 10 }), 'x');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });

  it('answers 404 for a signed link to a blob that is gone', async () => {
    const key = await pendingKey();
    await put(await store.uploadUrl(key, { contentType: 'text/plain', maxBytes: 10 }), 'x', 'text/plain');
    await store.remove([key]);
    expect((await request(site.app).get(await store.downloadUrl(key))).status).toBe(404);
  });

  it('frees a part that was on its way when its upload was aborted, and refuses it', async () => {
    const key = randomUUID();
    let finish!: () => void;
    const arrived = new Promise<void>((resolve) => (finish = resolve));
    async function* slowPart() {
      yield Buffer.alloc(100, 1);
      await arrived;
      yield Buffer.alloc(100, 2);
    }
    const part = { key, partNumber: 1, offset: 0, maxBytes: 1000 };
    const writing = store.writePart(part, slowPart(), async () => true);
    await sleep(50); // the first bytes are in the parts folder
    await store.abortParts({ key, multipartId: '' });
    finish();
    expect(await writing).toBe(false);
    await expect(access(store.partsDirOf(key))).rejects.toThrow(/ENOENT/);
  });

  it('frees a part let in just before its upload was aborted, once it has arrived', async () => {
    const key = randomUUID();
    const part = { key, partNumber: 1, offset: 0, maxBytes: 1000 };
    // The abort lands between the check and the first byte, so the write makes the parts folder again.
    const letIn = async () => {
      await store.abortParts({ key, multipartId: '' });
      return true;
    };
    async function* onePart() {
      yield Buffer.alloc(100, 1);
    }
    expect(await store.writePart(part, onePart(), letIn)).toBe(true);
    await sleep(50);
    await expect(access(store.partsDirOf(key))).rejects.toThrow(/ENOENT/);
  });
});
