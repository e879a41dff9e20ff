/**
 * Kills the real server (a child process) with SIGKILL while it completes uploads (create-file joining parts, a
 * single PUT writing bytes), restarts it, and checks that the client's retry completes each upload with the very
 * bytes sent. Database work in this process happens only while the server is down (PGlite is one process's
 * database).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase, withSiteDatabase } from '../../test/database.ts';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { signUpMember, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import type { Database } from '../db/database.ts';

const leaseSeconds = 1;
const partBytes = 1024;
/** Files above this go up in parts of `partBytes`; a single PUT's file stays below it. */
const threshold = 64 * 1024;

let dataDir: string;
let pgDatabase: (Database & { url?: string }) | undefined;
let server: ServerProcess | undefined;
/** The running server's address, read at each call, so a member's session outlasts a restart. */
const current = {
  get baseUrl() {
    return server!.baseUrl;
  },
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'completion-crash-'));
  if (databaseKind === 'postgresql') pgDatabase = await freshDatabase();
  else await migratedPgliteDir(path.join(dataDir, 'db'));
}, 120_000);
afterAll(async () => {
  await kill();
  await pgDatabase?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start() {
  server = await startServerProcess(
    {
      DATABASE_URL: pgDatabase?.url ?? '',
      NODE_ENV: 'test',
      UPLOAD_LEASE_SECONDS: String(leaseSeconds),
      MULTIPART_THRESHOLD_BYTES: String(threshold),
      UPLOAD_PART_BYTES: String(partBytes),
    },
    dataDir,
  );
}

/** SIGKILL, and waits until the process is gone; answers when it died. */
async function kill(): Promise<number> {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  server = undefined;
  return Date.now();
}

/** Database work while the server is down. */
const withDatabase = <T>(work: (db: Database['prisma']) => Promise<T>) =>
  withSiteDatabase({ url: pgDatabase?.url, dataDir }, work);

type Member = Awaited<ReturnType<typeof signUpMember>>;
type SentUpload = Awaited<ReturnType<typeof partsSent>>;
let signedUp: Member | undefined;
/** The site's first account (it holds the files permission), signed up once the server runs. */
const owner = async () => (signedUp ??= await signUpMember(current));

const put = async (url: string, bytes: Buffer) =>
  (await fetch(`${current.baseUrl}${url}`, { method: 'PUT', body: new Uint8Array(bytes) })).status;

/** What the file `nodeId` downloads as. */
async function downloaded(member: Member, nodeId: string): Promise<Buffer> {
  const { url } = await member.call<{ url: string }>('GET', `/api/files/${nodeId}/download`);
  return Buffer.from(await (await fetch(`${current.baseUrl}${url}`)).arrayBuffer());
}

const createFile = (member: Member, uploadId: string, name: string, size: number) =>
  member.call<{ nodeId: string }>('POST', '/api/files/create-file', {
    name,
    mimeType: 'application/octet-stream',
    size,
    parentId: null,
    uploadId,
  });

/** A multipart upload of `bytes` with every part sent, ready for create-file. */
async function partsSent(member: Member, name: string, bytes: Buffer) {
  const plan = await member.call<{ tag: string; contents: { uploadId: string; partCount: number } }>(
    'POST',
    '/api/files/create-upload',
    { size: bytes.length, name, lastModified: 1 },
  );
  expect(plan.tag).toBe('MultiPart');
  const { uploadId, partCount } = plan.contents;
  const numbers = Array.from({ length: partCount }, (_, i) => i + 1);
  for (let i = 0; i < numbers.length; i += 20) {
    const some = numbers.slice(i, i + 20);
    const { urls } = await member.call<{ urls: Record<string, string> }>(
      'POST',
      `/api/files/uploads/${uploadId}/part-urls`,
      { partNumbers: some },
    );
    const statuses = await Promise.all(
      some.map((n) => put(urls[n]!, bytes.subarray((n - 1) * partBytes, n * partBytes))),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
  }
  return { name, bytes, uploadId };
}

describe(`SIGKILL while create-file joins the parts (${databaseKind})`, () => {
  it('leaves a claim that the retry takes over once its lease lapsed, completing the file with the very bytes', async () => {
    await start();
    const member = await owner();
    const uploads: SentUpload[] = [];
    const cut: string[] = [];
    // Real timing: create-file for six uploads, sent 256, 128, ... 8 ms (times `scale`) before the SIGKILL, so
    // that one of them is likely caught holding its claim (joining, or joined but not committed); tried again with
    // new uploads, sooner or later, until one was.
    let scale = 1;
    let killedAt = 0;
    for (let attempt = 1; attempt <= 6 && cut.length === 0; attempt++) {
      if (!server) await start();
      const batch: SentUpload[] = [];
      for (let i = 0; i < 6; i++) {
        batch.push(await partsSent(member, `film-${attempt}-${i}.bin`, randomBytes(100 * partBytes)));
      }
      uploads.push(...batch);
      for (const [i, u] of batch.entries()) {
        createFile(member, u.uploadId, u.name, u.bytes.length).catch(() => {});
        await sleep(2 ** (7 - i) * scale);
      }
      killedAt = await kill();
      const rows = await withDatabase((db) =>
        db.pendingUpload.findMany({ where: { id: { in: batch.map((u) => u.uploadId) } } }),
      );
      cut.push(...rows.filter((r) => r.receivedAt !== null).map((r) => r.id));
      if (rows.length === 0) scale /= 2;
      else if (cut.length === 0) scale *= 2;
    }
    console.log(`create-file killed at scale ${scale}: ${cut.length} uploads cut holding their claim`);
    expect(cut.length).toBeGreaterThan(0);

    await start();
    await sleep(Math.max(0, killedAt + leaseSeconds * 1000 + 200 - Date.now()));
    const pending = await Promise.all(
      uploads.map(async (u) => ({
        ...u,
        parts: await member.call<unknown[]>('GET', `/api/files/uploads/${u.uploadId}/parts`).then(
          (p) => p.length,
          () => null,
        ),
      })),
    );
    const files = new Map<string, string>();
    for (const u of pending.filter((p) => p.parts !== null)) {
      // The client's retry: a cut upload's stored parts (joined or not) are what it completes with.
      files.set(u.name, (await createFile(member, u.uploadId, u.name, u.bytes.length)).nodeId);
    }
    const listed = await member.call<{ name: string; nodeId: string }[]>('GET', '/api/files');
    for (const node of listed) if (!files.has(node.name)) files.set(node.name, node.nodeId);
    expect([...files.keys()].sort()).toEqual(uploads.map((u) => u.name).sort());
    for (const u of uploads)
      expect((await downloaded(member, files.get(u.name)!)).equals(u.bytes)).toBe(true);
    await kill();
    expect(await withDatabase((db) => db.pendingUpload.count())).toBe(0);
  }, 600_000);
});

describe(`SIGKILL while a single PUT writes its bytes (${databaseKind})`, () => {
  it('leaves a claim that the PUT sent again takes over once its lease lapsed; the file holds its bytes', async () => {
    await start();
    const member = await owner();
    const bytes = randomBytes(threshold);
    const { contents: uploadId } = await member.call<{ contents: string }>(
      'POST',
      '/api/files/create-upload',
      {
        size: bytes.length,
      },
    );
    const { url } = await member.call<{ url: string }>('GET', `/api/files/signed-url/${uploadId}`);
    const cutOff = http.request(`${current.baseUrl}${url}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': bytes.length },
    });
    cutOff.on('error', () => {});
    cutOff.write(bytes.subarray(0, bytes.length / 2));
    await sleep(300);
    const killedAt = await kill();
    cutOff.destroy();
    const row = await withDatabase((db) => db.pendingUpload.findUniqueOrThrow({ where: { id: uploadId } }));
    expect(row.receivedAt).not.toBeNull();

    await start();
    await sleep(Math.max(0, killedAt + leaseSeconds * 1000 + 200 - Date.now()));
    expect(await put(url, bytes)).toBe(204);
    const { nodeId } = await createFile(member, uploadId, 'again.bin', bytes.length);
    expect((await downloaded(member, nodeId)).equals(bytes)).toBe(true);
    // Once its bytes are there, the link is spent.
    expect(await put(url, randomBytes(10))).toBe(403);
    await kill();
  }, 300_000);
});
