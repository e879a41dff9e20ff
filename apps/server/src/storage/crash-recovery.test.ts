/**
 * Kills the real server (a child process) with SIGKILL at chosen points of a 200-file folder deleted forever from the trash and of a large
 * upload, restarts it, lets the queue and the reconciler work, and checks that no blob is left that no row refers
 * to and that no row lost its blob. Database work in this process happens only while the server is down (PGlite
 * is one process's database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, withSiteDatabase } from '../../test/database.ts';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { createPasswords } from '../auth/password.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { LocalBlobStore } from './local-blob-store.ts';
import { reconcileBlobs } from './reconcile.ts';

const secret = 'crash-test-secret-crash-test-secret-0123456789';
const email = 'crash@example.com';
const password = 'correct horse battery staple';
let dataDir: string;
let pgDatabase: (Database & { url?: string }) | undefined;
let port: number;
let server: ChildProcess | undefined;
const log: string[] = [];

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

/** Starts `node --import tsx src/main.ts` (with `env` besides the test's) and waits for "listening". */
async function startServer(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      DATABASE_URL: pgDatabase?.url ?? '',
      PORT: String(port),
      SESSION_SECRET: secret,
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${log.slice(-5).join('')}`)),
      120_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      log.push(chunk.toString());
      if (chunk.toString().includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${log.slice(-5).join('')}`)));
  });
}

async function stopServer(signal: NodeJS.Signals) {
  const child = server!;
  server = undefined;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Database work while the server is down. */
const withDatabase = <T>(work: (db: Database['prisma']) => Promise<T>) =>
  withSiteDatabase({ url: pgDatabase?.url, dataDir }, work);

const store = () => new LocalBlobStore(path.join(dataDir, 'blobs'), secret);

/** A folder of `count` files in the trash, written straight into the database and the blob folder. */
async function folderOfFiles(db: Database['prisma'], ownerId: string, name: string, count: number) {
  const blobs = store();
  // In the trash already: deleting it forever is what removes blobs.
  const trashedAt = new Date();
  const folder = await db.fileNode.create({
    data: { ownerId, name, isDirectory: true, size: BigInt(count * 10), trashedAt },
  });
  const keys = Array.from({ length: count }, () => randomUUID());
  for (const key of keys) {
    await mkdir(path.dirname(blobs.pathOf(key)), { recursive: true });
    await writeFile(blobs.pathOf(key), '0123456789');
  }
  await db.fileNode.createMany({
    data: keys.map((blobKey, i) => ({
      ownerId,
      parentId: folder.id,
      name: `file-${i}.txt`,
      isDirectory: false,
      size: 10n,
      mimeType: 'text/plain',
      blobKey,
      trashedAt,
    })),
  });
  return folder.id;
}

async function storedFiles() {
  const dir = path.join(dataDir, 'blobs');
  const names: string[] = [];
  for (const folder of await readdir(dir).catch(() => [] as string[])) {
    names.push(...(await readdir(path.join(dir, folder))));
  }
  return names;
}

async function loggedIn() {
  const agent = request.agent(`http://127.0.0.1:${port}`);
  const { csrfToken } = (await agent.get('/api/csrf').expect(200)).body;
  await agent
    .post('/api/login')
    .set('X-XSRF-TOKEN', csrfToken)
    .send({ emailAddress: email, password })
    .expect(200);
  const token = (await agent.get('/api/csrf').expect(200)).body.csrfToken as string;
  return { agent, token };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'crash-'));
  if (databaseKind === 'postgresql') pgDatabase = await freshDatabase();
  else await migratedPgliteDir(path.join(dataDir, 'db'));
  port = await freePort();
}, 120_000);
afterAll(async () => {
  if (server) await stopServer('SIGKILL');
  await pgDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe(`SIGKILL during deletes and uploads (${databaseKind})`, () => {
  it(
    'leaves no orphan blob and loses no row once restarted and reconciled',
    { timeout: 600_000 },
    async () => {
      const folders = await withDatabase(async (db) => {
        const hash = await createPasswords(4).hash(password);
        const user = await db.user.create({
          data: {
            email,
            passwordHash: hash,
            emailVerifiedAt: new Date(),
            permissions: { create: { permission: 'files' } },
          },
        });
        return {
          owner: user.id,
          during: await folderOfFiles(db, user.id, 'killed during the request', 200),
          after: await folderOfFiles(db, user.id, 'killed after the answer', 200),
          runner: await folderOfFiles(db, user.id, 'killed while the runner deletes', 200),
        };
      });
      const kills: string[] = [];

      // (a1) 30 ms into the DELETE request.
      await startServer();
      let session = await loggedIn();
      const during = session.agent
        .delete(`/api/trash/node/${folders.during}`)
        .set('X-XSRF-TOKEN', session.token);
      const answered = during.then(
        (r) => r.status,
        () => 'no answer',
      );
      await sleep(30);
      await stopServer('SIGKILL');
      kills.push(`folder delete, 30 ms into the request: ${await answered}`);

      // (a2) Right after the 204, before the runner's next poll.
      await startServer();
      session = await loggedIn();
      await session.agent
        .delete(`/api/trash/node/${folders.after}`)
        .set('X-XSRF-TOKEN', session.token)
        .expect(204);
      await stopServer('SIGKILL');
      kills.push('folder delete, right after its 204');

      // (a3) While the runner removes the blobs: as soon as the first of them is gone.
      await startServer();
      session = await loggedIn();
      const before = (await storedFiles()).length;
      await session.agent
        .delete(`/api/trash/node/${folders.runner}`)
        .set('X-XSRF-TOKEN', session.token)
        .expect(204);
      const deadline = Date.now() + 30_000;
      while ((await storedFiles()).length === before && Date.now() < deadline) await sleep(1);
      await stopServer('SIGKILL');
      kills.push(
        `folder delete, runner under way: ${before - (await storedFiles()).length} of 200 blobs gone`,
      );

      // (b) 8 MiB into a 64 MiB upload to a signed URL.
      await startServer();
      session = await loggedIn();
      const size = 64 * 1024 * 1024;
      const uploadId = (
        await session.agent
          .post('/api/files/create-upload')
          .set('X-XSRF-TOKEN', session.token)
          .send({ size })
          .expect(200)
      ).body.contents as string;
      const { url } = (await session.agent.get(`/api/files/signed-url/${uploadId}`).expect(200)).body;
      const put = http.request(`http://127.0.0.1:${port}${url}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream', 'content-length': size },
      });
      put.on('error', () => {});
      const chunk = Buffer.alloc(1024 * 1024, 7);
      for (let i = 0; i < 8; i++) {
        put.write(chunk);
        await sleep(20);
      }
      await sleep(200);
      await stopServer('SIGKILL');
      put.destroy();
      kills.push('upload, 8 of 64 MiB sent');

      // Restart: the site works, and it gets on with its queue; then it stops.
      await startServer();
      session = await loggedIn();
      const trash = (await session.agent.get('/api/trash').expect(200)).body;
      await sleep(3000);
      await stopServer('SIGTERM');

      const outcome = await withDatabase(async (db) => {
        // The claims of the killed server expire (lockMs) before another runner takes its jobs.
        await db.job.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000), runAt: new Date() } });
        const deps = {
          db,
          blobs: store(),
          logger: pino({ level: 'silent' }),
          config: testConfig(dataDir),
          mailer: { send: async () => {} },
        };
        while ((await runDueJobs(deps)) > 0);
        const found = await reconcileBlobs(deps, { graceMs: 0 });
        const files = await db.fileNode.findMany({
          where: { isDirectory: false },
          select: { blobKey: true, parentId: true },
        });
        const uploads = await db.pendingUpload.findMany({ select: { id: true } });
        return { found, files, uploads, jobs: await db.job.count() };
      });
      console.log(`kills: ${kills.join('; ')}\nreconciler found: ${JSON.stringify(outcome.found)}`);

      // No lost row: each folder is whole (200 files) or gone with all its files.
      const perFolder = (id: string) => outcome.files.filter((f) => f.parentId === id).length;
      for (const id of [folders.during, folders.after, folders.runner])
        expect([0, 200]).toContain(perFolder(id));
      expect(perFolder(folders.after)).toBe(0);
      expect(perFolder(folders.runner)).toBe(0);
      expect(trash.length).toBe(perFolder(folders.during) === 200 ? 1 : 0);
      expect(outcome.uploads.map((u) => u.id)).toEqual([uploadId]);
      expect(outcome.jobs).toBe(0);
      // No orphan: what is stored is exactly what the rows refer to, and no .part is left.
      const stored = (await storedFiles()).sort();
      expect(stored).toEqual(outcome.files.map((f) => f.blobKey!).sort());
      expect(outcome.found.orphans).toEqual([]);
    },
  );
});

describe(`SIGKILL during a part of a multipart upload (${databaseKind})`, () => {
  const partBytes = 4 * 1024 * 1024;
  const small = { MULTIPART_THRESHOLD_BYTES: String(partBytes), UPLOAD_PART_BYTES: String(partBytes) };
  const putPart = (url: string, bytes: Buffer) =>
    fetch(`http://127.0.0.1:${port}${url}`, { method: 'PUT', body: new Uint8Array(bytes) });

  it('does not list the part cut half-way; sent again, the upload completes with the very bytes', async () => {
    // The user of the test above, made here if this test runs alone.
    await withDatabase(async (db) => {
      if (await db.user.findUnique({ where: { email } })) return;
      await db.user.create({
        data: {
          email,
          passwordHash: await createPasswords(4).hash(password),
          emailVerifiedAt: new Date(),
          permissions: { create: { permission: 'files' } },
        },
      });
    });
    const bytes = randomBytes(3 * partBytes);
    const part = (n: number) => bytes.subarray((n - 1) * partBytes, n * partBytes);
    await startServer(small);
    let session = await loggedIn();
    const post = (url: string, body: object) =>
      session.agent.post(url).set('X-XSRF-TOKEN', session.token).send(body);
    const plan = await post('/api/files/create-upload', {
      size: bytes.length,
      name: 'cut.mp4',
      lastModified: 1,
    }).expect(200);
    expect(plan.body.tag).toBe('MultiPart');
    const { uploadId } = plan.body.contents as { uploadId: string };
    const urls = async () =>
      (await post(`/api/files/uploads/${uploadId}/part-urls`, { partNumbers: [1, 2, 3] }).expect(200)).body
        .urls as Record<string, string>;
    let links = await urls();
    expect((await putPart(links[1]!, part(1))).status).toBe(204);

    // Half of part 2, then the process dies.
    const put = http.request(`http://127.0.0.1:${port}${links[2]}`, {
      method: 'PUT',
      headers: { 'content-length': partBytes },
    });
    put.on('error', () => {});
    put.write(part(2).subarray(0, partBytes / 2));
    await sleep(300);
    await stopServer('SIGKILL');
    put.destroy();

    await startServer(small);
    session = await loggedIn();
    const listed = await session.agent.get(`/api/files/uploads/${uploadId}/parts`).expect(200);
    expect(listed.body).toEqual([{ partNumber: 1, size: partBytes }]);
    links = await urls();
    expect((await putPart(links[2]!, part(2))).status).toBe(204);
    expect((await putPart(links[3]!, part(3))).status).toBe(204);
    const file = await post('/api/files/create-file', {
      name: 'cut.mp4',
      mimeType: 'video/mp4',
      size: bytes.length,
      parentId: null,
      uploadId,
    }).expect(200);
    const { url } = (await session.agent.get(`/api/files/${file.body.nodeId}/download`).expect(200)).body;
    const got = Buffer.from(await (await fetch(`http://127.0.0.1:${port}${url}`)).arrayBuffer());
    expect(got.equals(bytes)).toBe(true);
    await stopServer('SIGTERM');
  }, 300_000);
});
