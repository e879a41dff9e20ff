import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { openDatabase } from '../db/database.ts';
import { fillDisk } from '../../test/fill-disk.ts';
import { filesMember } from '../../test/files-factories.ts';
import { startSite, type TestSite, type Visitor } from '../../test/support.ts';
import { cannotMount, mountSmallDisk, type SmallDisk } from '../../test/tmpfs.ts';
import { LocalBlobStore } from './local-blob-store.ts';

const why = cannotMount;
if (why) console.warn(`SKIPPED full-disk tests: ${why}`);
// The embedded database on a disk of its own, once per run: the PostgreSQL pass has no PGlite to fill.
const pgliteWhy = databaseKind === 'pglite' ? why : 'the embedded database is tested on the PGlite pass';

const MiB = 1024 ** 2;

/** Every file under `dir`, at any depth. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe.skipIf(why)(`a full disk under the local blob store (${databaseKind})`, () => {
  let disk: SmallDisk;
  let blobDir: string;
  let site: TestSite;
  let owner: Visitor;

  beforeAll(async () => {
    disk = await mountSmallDisk('8m');
    blobDir = path.join(disk.dir, 'blobs');
    // No reserve: the disk itself runs out while the bytes are on their way.
    site = await startSite({ storage: { kind: 'local', dir: blobDir, reserveBytes: 0 } });
    owner = (await filesMember(site)).visitor;
  });
  afterAll(async () => {
    await site?.close();
    await disk?.unmount();
  });

  /** A PUT of `bytes` as a stream without Content-Length, so nothing before the disk can tell its size. */
  async function putStreamed(url: string, bytes: Buffer) {
    const server = createServer(site.app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const put = httpRequest(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream', 'Transfer-Encoding': 'chunked' },
      });
      // The answer may come before the last bytes are sent: the rest has nowhere to go.
      put.on('error', () => {});
      const answered = once(put, 'response') as Promise<[IncomingMessage]>;
      for (let at = 0; at < bytes.length; at += 64 * 1024) put.write(bytes.subarray(at, at + 64 * 1024));
      put.end();
      const [res] = await answered;
      const text = (await res.toArray()).join('');
      return { status: res.statusCode, headers: res.headers, body: text ? JSON.parse(text) : undefined };
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  it('answers 507 with Retry-After to an upload the disk runs out of room for, keeps none of it, and takes it once there is room', async () => {
    const bytes = randomBytes(3 * MiB);
    const created = await owner.post('/api/files/create-upload', { size: bytes.length }).expect(200);
    const uploadId = created.body.contents as string;
    const { url } = (await owner.get(`/api/files/signed-url/${uploadId}`).expect(200)).body as {
      url: string;
    };
    const makeRoom = await fillDisk(disk.dir, 1 * MiB);

    const refused = await putStreamed(url, bytes);
    expect(refused.status).toBe(507);
    expect(refused.body.error.code).toBe('disk_full');
    expect(refused.body.error.message).toMatch(/^The server's disk is full; /);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Nothing of it is kept, and the upload is free to be sent again.
    expect(await filesUnder(blobDir)).toEqual([]);
    const upload = await site.deps.db.pendingUpload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(upload.receivedAt).toBeNull();
    const file = {
      name: 'big.bin',
      mimeType: 'application/octet-stream',
      size: bytes.length,
      parentId: null,
    };
    const early = await owner.post('/api/files/create-file', { ...file, uploadId }).expect(400);
    expect(early.body.error.message).toBe('The bytes of this upload have not arrived');

    await makeRoom();
    const again = await putStreamed(url, bytes);
    expect(again.status).toBe(204);
    await owner.post('/api/files/create-file', { ...file, uploadId }).expect(200);
    const stored = await readFile((site.deps.blobs as LocalBlobStore).pathOf(uploadId));
    expect(stored.equals(bytes)).toBe(true);
  });

  it('leaves nothing behind when a blob the server writes itself does not fit', async () => {
    const store = site.deps.blobs as LocalBlobStore;
    const before = await filesUnder(blobDir);
    const makeRoom = await fillDisk(disk.dir, 256 * 1024);
    try {
      await expect(store.write(randomUUID(), randomBytes(MiB))).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(await filesUnder(blobDir)).toEqual(before);
    } finally {
      await makeRoom();
    }
  });
});

describe.skipIf(pgliteWhy)('a full disk under the embedded database (pglite)', () => {
  let disk: SmallDisk;
  let site: TestSite;
  let owner: Visitor;

  beforeAll(async () => {
    disk = await mountSmallDisk('64m');
    const pgliteDir = path.join(disk.dir, 'db');
    await migratedPgliteDir(pgliteDir);
    site = await startSite(
      { storage: { kind: 'local', dir: path.join(disk.dir, 'blobs'), reserveBytes: 0 } },
      { openDatabase: () => openDatabase({ pgliteDir }) },
    );
    owner = (await filesMember(site)).visitor;
  });
  afterAll(async () => {
    await site?.close();
    await disk?.unmount();
  });

  it('answers 507 with Retry-After to a change the database has no room for, and takes it once there is room', async () => {
    const makeRoom = await fillDisk(disk.dir, 0);
    let refused: request.Response | undefined;
    // The database's files have some room left in their last pages: a few changes still fit.
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await owner.post('/api/files/create-directory', {
        name: `${i} ${'x'.repeat(200)}`,
        parentId: null,
      });
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.body.error.code).toBe('disk_full');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);

    await makeRoom();
    await owner
      .post('/api/files/create-directory', { name: 'once there is room', parentId: null })
      .expect(200);
    await owner.get('/api/me').expect(200);
  });
});
