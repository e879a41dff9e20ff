import { readdir } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlbum } from '../../test/albums-factories.ts';
import { databaseKind } from '../../test/database.ts';
import { fillDisk, freeBytes } from '../../test/fill-disk.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';
import { cannotMount, mountSmallDisk, type SmallDisk } from '../../test/tmpfs.ts';

const why = cannotMount;
if (why) console.warn(`SKIPPED disk guard tests: ${why}`);

const MiB = 1024 ** 2;

describe.skipIf(why)(`the disk guard on the local blob store (${databaseKind})`, () => {
  let disk: SmallDisk;
  let blobDir: string;
  const reserveBytes = 4 * MiB;
  let site: TestSite;
  let owner: Visitor;

  beforeAll(async () => {
    disk = await mountSmallDisk('8m');
    blobDir = path.join(disk.dir, 'blobs');
    site = await startSite({
      storage: { kind: 'local', dir: blobDir, reserveBytes },
      // Files over 1000 bytes go up in parts of 256.
      uploads: { maxBytes: 64 * 1024, multipartThresholdBytes: 1000, partBytes: 256 },
    });
    owner = (await filesMember(site)).visitor;
  });
  afterAll(async () => {
    await site?.close();
    await disk?.unmount();
  });

  const expectDiskFull = (res: request.Response) => {
    expect(res.status, JSON.stringify(res.body)).toBe(507);
    expect(res.body.error.code).toBe('disk_full');
    expect(res.body.error.message).toMatch(/^The server's disk is full; /);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('refuses new uploads and their bytes with 507 and answers /api/ready 503 while the disk is under its reserve, and takes them once there is room', async () => {
    // Uploads reserved while there was room, whose bytes come once there is not.
    const single = (await owner.post('/api/files/create-upload', { size: 500 }).expect(200)).body
      .contents as string;
    const { url } = (await owner.get(`/api/files/signed-url/${single}`).expect(200)).body as { url: string };
    const multi = (await owner.post('/api/files/create-upload', { size: 2000 }).expect(200)).body
      .contents as { uploadId: string };
    const partUrl = (
      await owner.post(`/api/files/uploads/${multi.uploadId}/part-urls`, { partNumbers: [1] }).expect(200)
    ).body.urls['1'] as string;
    const album = await createAlbum(owner);
    await request(site.app).get('/api/ready').expect(200);

    const makeRoom = await fillDisk(disk.dir, reserveBytes - MiB);
    expect(await freeBytes(disk.dir)).toBeLessThan(reserveBytes);
    const ready = await request(site.app).get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error.message).toBe('Not ready: disk');
    expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);

    const uploadsBefore = await site.deps.db.pendingUpload.count();
    expectDiskFull(await owner.post('/api/files/create-upload', { size: 500 }));
    expectDiskFull(await owner.post('/api/files/create-upload', { size: 2000 }));
    expectDiskFull(await owner.post(`/api/photo-albums/${album.photoAlbumId}/upload`));
    expect(await site.deps.db.pendingUpload.count()).toBe(uploadsBefore);
    // Refused before a byte moves: the upload is not taken, and nothing is written.
    expectDiskFull(await request(site.app).put(url).send(Buffer.alloc(500, 1)));
    expectDiskFull(await request(site.app).put(partUrl).send(Buffer.alloc(256, 2)));
    expect(
      (await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id: single } })).receivedAt,
    ).toBeNull();
    expect(await readdir(blobDir, { recursive: true }).catch(() => [])).toEqual([]);

    await makeRoom();
    await request(site.app).get('/api/ready').expect(200);
    await request(site.app).put(url).send(Buffer.alloc(500, 1)).expect(204);
    await request(site.app).put(partUrl).send(Buffer.alloc(256, 2)).expect(204);
    await owner.post(`/api/photo-albums/${album.photoAlbumId}/upload`).expect(200);
  });
});
