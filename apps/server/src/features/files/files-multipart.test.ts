import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileNode, MultiPart } from '@site/contract';
import type { Config } from '../../config.ts';
import { databaseKind } from '../../../test/database.ts';
import { filesMember } from '../../../test/files-factories.ts';
import { startS3rverBucket, type S3rverBucket } from '../../../test/s3rver-bucket.ts';
import { completeMultipart } from '../../../test/s3rver-multipart.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { abandonedAfterMs, sweepAbandonedUploads } from '../../storage/sweep-uploads.ts';

/** Small settings, so a file of a few KiB goes up in parts of 256 bytes. */
const uploads: Config['uploads'] = { maxBytes: 64 * 1024, multipartThresholdBytes: 1000, partBytes: 256 };

describe.each(['local', 's3'] as const)(`files: multipart uploads (%s store, ${databaseKind})`, (store) => {
  let site: TestSite;
  let owner: Visitor;
  let s3: S3rverBucket | undefined;

  beforeAll(async () => {
    let storage: Partial<Config> = {};
    if (store === 's3') {
      s3 = await startS3rverBucket(completeMultipart);
      storage = { storage: s3.storage };
    }
    site = await startSite({ uploads, ...storage });
    owner = (await filesMember(site)).visitor;
  }, 60_000);
  afterAll(async () => {
    await site.close();
    await s3?.close();
  });

  /** A PUT of `bytes` to a part URL as a browser sends it: to the site's /blobs route, or straight to S3. */
  async function putPart(url: string, bytes: Buffer): Promise<number> {
    if (url.startsWith('/')) return (await request(site.app).put(url).send(bytes)).status;
    return (await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })).status;
  }

  async function startUpload(
    visitor: Visitor,
    bytes: Buffer,
    name = 'film.mp4',
    lastModified = 1_700_000_000_000,
  ) {
    const res = await visitor.post('/api/files/create-upload', { size: bytes.length, name, lastModified });
    expect(res.status).toBe(200);
    expect(res.body.tag).toBe('MultiPart');
    return (res.body as MultiPart).contents;
  }

  async function partUrls(visitor: Visitor, uploadId: string, partNumbers: number[]) {
    const res = await visitor.post(`/api/files/uploads/${uploadId}/part-urls`, { partNumbers });
    expect(res.status).toBe(200);
    return res.body.urls as Record<string, string>;
  }

  /** Sends the parts `partNumbers` of `bytes` in parallel; answers each PUT's status. */
  async function sendParts(
    visitor: Visitor,
    uploadId: string,
    bytes: Buffer,
    partSize: number,
    partNumbers: number[],
  ) {
    const urls = await partUrls(visitor, uploadId, partNumbers);
    return Promise.all(
      partNumbers.map((n) => putPart(urls[n]!, bytes.subarray((n - 1) * partSize, n * partSize))),
    );
  }

  const commit = (visitor: Visitor, uploadId: string, size: number, name = 'film.mp4') =>
    visitor.post('/api/files/create-file', { name, mimeType: 'video/mp4', size, parentId: null, uploadId });

  async function downloaded(visitor: Visitor, nodeId: string): Promise<Buffer> {
    const { url } = (await visitor.get(`/api/files/${nodeId}/download`).expect(200)).body as { url: string };
    if (url.startsWith('/')) {
      const res = await request(site.app)
        .get(url)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      return res.body as Buffer;
    }
    return Buffer.from(await (await fetch(url)).arrayBuffer());
  }

  const storedParts = async (visitor: Visitor, uploadId: string) =>
    (await visitor.get(`/api/files/uploads/${uploadId}/parts`).expect(200)).body as {
      partNumber: number;
      size: number;
    }[];

  it('answers SinglePart up to the threshold and MultiPart above it, with parts of the configured size', async () => {
    const small = await owner.post('/api/files/create-upload', { size: 1000 }).expect(200);
    expect(small.body.tag).toBe('SinglePart');
    const plan = await startUpload(owner, randomBytes(1500), `plan-${store}.bin`);
    expect(plan).toMatchObject({ partSize: 256, partCount: 6 });
    // A single-PUT link makes no sense for a MultiPart upload, and part links none for a SinglePart one.
    expect((await owner.get(`/api/files/signed-url/${plan.uploadId}`)).status).toBe(409);
    const singlePartUrls = await owner.post(`/api/files/uploads/${small.body.contents}/part-urls`, {
      partNumbers: [1],
    });
    expect(singlePartUrls.status).toBe(409);
    const beyond = await owner.post(`/api/files/uploads/${plan.uploadId}/part-urls`, { partNumbers: [7] });
    expect(beyond.status).toBe(400);
  });

  it('takes the parts in any order and in parallel, lists them, and commits a file whose download is the same bytes', async () => {
    const bytes = randomBytes(1500);
    const { uploadId, partSize, partCount } = await startUpload(owner, bytes, `whole-${store}.mp4`);
    const statuses = await sendParts(owner, uploadId, bytes, partSize, [6, 3, 1, 5, 2, 4]);
    expect(statuses.every((s) => s >= 200 && s < 300)).toBe(true);
    expect(await storedParts(owner, uploadId)).toEqual([
      ...Array.from({ length: partCount - 1 }, (_, i) => ({ partNumber: i + 1, size: 256 })),
      { partNumber: 6, size: 1500 - 5 * 256 },
    ]);

    const res = await commit(owner, uploadId, bytes.length, `whole-${store}.mp4`);
    expect(res.status).toBe(200);
    expect((res.body as FileNode).size).toBe(1500);
    expect((await downloaded(owner, res.body.nodeId)).equals(bytes)).toBe(true);
    // The upload is over: its parts are gone with it, and so is every way to add to them.
    expect((await owner.get(`/api/files/uploads/${uploadId}/parts`)).status).toBe(404);
    expect((await owner.post(`/api/files/uploads/${uploadId}/part-urls`, { partNumbers: [1] })).status).toBe(
      404,
    );
  });

  it('part links die with their upload: a replayed part PUT after the commit changes nothing served', async () => {
    const bytes = randomBytes(1200);
    const { uploadId, partSize } = await startUpload(owner, bytes, `replay-${store}.mp4`);
    const urls = await partUrls(owner, uploadId, [1, 2, 3, 4, 5]);
    await Promise.all(
      Object.entries(urls).map(([n, url]) =>
        putPart(url, bytes.subarray((+n - 1) * partSize, +n * partSize)),
      ),
    );
    const node = (await commit(owner, uploadId, bytes.length).expect(200)).body as FileNode;
    const replay = await putPart(urls['1']!, Buffer.alloc(256, 0x41));
    expect(replay).toBeGreaterThanOrEqual(400);
    expect((await downloaded(owner, node.nodeId)).equals(bytes)).toBe(true);
  });

  it('resumes: the same name, size and modification time answer the same upload, whose stored parts are listed', async () => {
    const bytes = randomBytes(1500);
    const name = `resume-${store}.mov`;
    const first = await startUpload(owner, bytes, name, 1_234);
    await sendParts(owner, first.uploadId, bytes, first.partSize, [1, 2, 4]);

    // The connection dropped; the same file is picked again.
    const again = await startUpload(owner, bytes, name, 1_234);
    expect(again).toEqual(first);
    expect(await storedParts(owner, again.uploadId)).toEqual([
      { partNumber: 1, size: 256 },
      { partNumber: 2, size: 256 },
      { partNumber: 4, size: 256 },
    ]);
    // Another file (another modification time) or another person is another upload.
    expect((await startUpload(owner, bytes, name, 5_678)).uploadId).not.toBe(first.uploadId);
    const stranger = (await filesMember(site)).visitor;
    expect((await startUpload(stranger, bytes, name, 1_234)).uploadId).not.toBe(first.uploadId);

    await sendParts(owner, again.uploadId, bytes, again.partSize, [3, 5, 6]);
    const res = await commit(owner, again.uploadId, bytes.length, name);
    expect(res.status).toBe(200);
    expect((await downloaded(owner, res.body.nodeId)).equals(bytes)).toBe(true);
    // Finished: picking the file once more starts a new upload.
    expect((await startUpload(owner, bytes, name, 1_234)).uploadId).not.toBe(first.uploadId);
  });

  it('refuses a modification time a Date cannot hold (400 naming the field, nothing stored), and takes one before 1970', async () => {
    const before = await site.deps.db.pendingUpload.count();
    for (const lastModified of [2 ** 63, 8.64e15 + 1, -(2 ** 63), -8.64e15 - 1, 1.5, '1']) {
      const body = { size: 1500, name: 'old.mov', lastModified };
      const res = await owner.post('/api/files/create-upload', body);
      expect(res.status, String(lastModified)).toBe(400);
      expect(res.body.error.issues[0].path).toEqual(['body', 'lastModified']);
    }
    expect(await site.deps.db.pendingUpload.count()).toBe(before);
    // A scan of an old photo, dated before the epoch, and the very ends of the range.
    for (const lastModified of [-86_400_000, -8.64e15, 8.64e15]) {
      const upload = await startUpload(owner, randomBytes(1500), `old-${lastModified}.tif`, lastModified);
      const row = await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id: upload.uploadId } });
      expect(row.lastModified).toBe(BigInt(lastModified));
    }
  });

  it('refuses to commit with a part missing or of the wrong size (409, no file), and commits once they are right', async () => {
    const bytes = randomBytes(1100);
    const name = `broken-${store}.mp4`;
    const { uploadId, partSize } = await startUpload(owner, bytes, name);
    await sendParts(owner, uploadId, bytes, partSize, [1, 2, 3, 5]);
    const filesBefore = await site.deps.db.fileNode.count();

    const missing = await commit(owner, uploadId, bytes.length, name);
    expect(missing.status).toBe(409);
    expect(missing.body.error.message).toContain('1 of 5 parts have not arrived (4)');

    const urls = await partUrls(owner, uploadId, [4]);
    expect(await putPart(urls['4']!, bytes.subarray(3 * 256, 3 * 256 + 100))).toBeLessThan(300);
    const short = await commit(owner, uploadId, bytes.length, name);
    expect(short.status).toBe(409);
    expect(short.body.error.message).toContain('Part 4 holds 100 bytes, not 256');
    expect(await site.deps.db.fileNode.count()).toBe(filesBefore);

    // Re-sending a part replaces it.
    await sendParts(owner, uploadId, bytes, partSize, [4]);
    const res = await commit(owner, uploadId, bytes.length, name);
    expect(res.status).toBe(200);
    expect((await downloaded(owner, res.body.nodeId)).equals(bytes)).toBe(true);
  });

  it('completes with the stored parts an upload whose join a dead server claimed, once the claim lapsed', async () => {
    const bytes = randomBytes(1300);
    const name = `orphaned-join-${store}.mp4`;
    const { uploadId, partSize } = await startUpload(owner, bytes, name);
    await sendParts(owner, uploadId, bytes, partSize, [1, 2, 3, 4, 5, 6]);
    // What a server killed while joining leaves (completion-crash.test.ts kills a real one on the local store).
    const claimed = (ago: number) =>
      site.deps.db.pendingUpload.update({
        where: { id: uploadId },
        data: { receivedAt: new Date(Date.now() - ago) },
      });
    const { uploadLeaseMs } = site.deps.config;
    await claimed(uploadLeaseMs - 5000);
    const held = await commit(owner, uploadId, bytes.length, name);
    expect(held.status).toBe(409);
    expect(held.body.error.message).toBe('This upload is being completed already');

    await claimed(uploadLeaseMs + 1000);
    const res = await commit(owner, uploadId, bytes.length, name);
    expect(res.status).toBe(200);
    expect((await downloaded(owner, res.body.nodeId)).equals(bytes)).toBe(true);
  });

  it('refuses a part larger than its size: at the PUT on local disk, at the commit on S3', async () => {
    const bytes = randomBytes(1100);
    const name = `oversized-${store}.mp4`;
    const { uploadId, partSize } = await startUpload(owner, bytes, name);
    await sendParts(owner, uploadId, bytes, partSize, [2, 3, 4, 5]);
    const urls = await partUrls(owner, uploadId, [1]);
    const status = await putPart(urls['1']!, randomBytes(300));
    if (store === 'local') {
      expect(status).toBe(413);
      expect(await storedParts(owner, uploadId)).not.toContainEqual(
        expect.objectContaining({ partNumber: 1 }),
      );
    } else {
      const res = await commit(owner, uploadId, bytes.length, name);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain('Part 1 holds 300 bytes, not 256');
    }
  });

  it('aborting removes the upload and, through the job queue, frees its parts', async () => {
    const bytes = randomBytes(1500);
    const { uploadId, partSize } = await startUpload(owner, bytes, `aborted-${store}.mp4`);
    const upload = await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id: uploadId } });
    const ref = { key: uploadId, multipartId: upload.multipartId! };
    const urls = await partUrls(owner, uploadId, [1, 2, 3]);
    await Promise.all([1, 2].map((n) => putPart(urls[n]!, bytes.subarray((n - 1) * partSize, n * partSize))));
    expect(await site.deps.blobs.listParts(ref)).toHaveLength(2);

    await owner.delete(`/api/files/uploads/${uploadId}`).expect(204);
    expect((await owner.get(`/api/files/uploads/${uploadId}/parts`)).status).toBe(404);
    expect((await owner.delete(`/api/files/uploads/${uploadId}`)).status).toBe(404);
    expect(await site.runJobs()).toBeGreaterThan(0);
    if (store === 'local') expect(await site.deps.blobs.listParts(ref)).toEqual([]);
    else await expect(site.deps.blobs.listParts(ref)).rejects.toMatchObject({ name: 'NoSuchUpload' });
    // A part link of the aborted upload stores nothing.
    expect(await putPart(urls['3']!, bytes.subarray(512, 768))).toBeGreaterThanOrEqual(400);
    if (store === 'local') expect(await site.deps.blobs.listParts(ref)).toEqual([]);
  });

  it('sweeps uploads whose bytes have not moved for a day, parts included, and keeps recent ones', async () => {
    const bytes = randomBytes(1500);
    const old = await startUpload(owner, bytes, `idle-${store}.mp4`);
    const recent = await startUpload(owner, bytes, `busy-${store}.mp4`);
    await sendParts(owner, old.uploadId, bytes, old.partSize, [1, 2]);
    await sendParts(owner, recent.uploadId, bytes, recent.partSize, [1]);
    const refOf = async (id: string) => ({
      key: id,
      multipartId: (await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id } })).multipartId!,
    });
    const [oldRef, recentRef] = [await refOf(old.uploadId), await refOf(recent.uploadId)];
    await site.deps.db.pendingUpload.update({
      where: { id: old.uploadId },
      data: { touchedAt: new Date(Date.now() - abandonedAfterMs - 60_000) },
    });

    expect(await sweepAbandonedUploads(site.deps)).toBe(1);
    await site.runJobs();
    if (store === 'local') expect(await site.deps.blobs.listParts(oldRef)).toEqual([]);
    else await expect(site.deps.blobs.listParts(oldRef)).rejects.toMatchObject({ name: 'NoSuchUpload' });
    expect(await site.deps.blobs.listParts(recentRef)).toHaveLength(1);
    expect((await owner.get(`/api/files/uploads/${old.uploadId}/parts`)).status).toBe(404);
  });

  it('keeps an upload whose parts are still arriving from the sweep: asking for part links touches it', async () => {
    const bytes = randomBytes(1500);
    const { uploadId } = await startUpload(owner, bytes, `slow-${store}.mp4`);
    const longAgo = new Date(Date.now() - abandonedAfterMs - 60_000);
    await site.deps.db.pendingUpload.update({ where: { id: uploadId }, data: { touchedAt: longAgo } });
    await partUrls(owner, uploadId, [1]);
    const { touchedAt } = await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(touchedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("answers 404 for someone else's upload on every multipart route, and changes nothing", async () => {
    const bytes = randomBytes(1500);
    const { uploadId, partSize } = await startUpload(owner, bytes, `private-${store}.mp4`);
    await sendParts(owner, uploadId, bytes, partSize, [1]);
    const stranger = (await filesMember(site)).visitor;
    expect(
      (await stranger.post(`/api/files/uploads/${uploadId}/part-urls`, { partNumbers: [2] })).status,
    ).toBe(404);
    expect((await stranger.get(`/api/files/uploads/${uploadId}/parts`)).status).toBe(404);
    expect((await stranger.delete(`/api/files/uploads/${uploadId}`)).status).toBe(404);
    expect((await commit(stranger, uploadId, bytes.length)).status).toBe(404);
    expect(await storedParts(owner, uploadId)).toEqual([{ partNumber: 1, size: 256 }]);
  });

  it.runIf(store === 's3')(
    'answers 503 with Retry-After while S3 is down, changes nothing, and completes once it is back',
    async () => {
      const bytes = randomBytes(1500);
      const name = 'outage.mp4';
      const { uploadId, partSize } = await startUpload(owner, bytes, name);
      await sendParts(owner, uploadId, bytes, partSize, [1, 2, 3, 4, 5, 6]);
      const rows = () =>
        site.deps.db.pendingUpload.findMany({
          select: { id: true, receivedAt: true, multipartId: true, size: true },
          orderBy: { id: 'asc' },
        });
      const [uploadsBefore, filesBefore] = [await rows(), await site.deps.db.fileNode.count()];

      await s3!.stop();
      const answers = [
        await owner.post('/api/files/create-upload', { size: 2000, name: 'new.mp4', lastModified: 1 }),
        await owner.get(`/api/files/uploads/${uploadId}/parts`),
        await commit(owner, uploadId, bytes.length, name),
      ];
      for (const res of answers) {
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body.error.message).toBe(
          'The file store cannot be reached just now; please try again in a few seconds',
        );
      }
      expect(await rows()).toEqual(uploadsBefore);
      expect(await site.deps.db.fileNode.count()).toBe(filesBefore);

      await s3!.restart();
      expect(await storedParts(owner, uploadId)).toHaveLength(6);
      const res = await commit(owner, uploadId, bytes.length, name);
      expect(res.status).toBe(200);
      expect((await downloaded(owner, res.body.nodeId)).equals(bytes)).toBe(true);
    },
  );
});
