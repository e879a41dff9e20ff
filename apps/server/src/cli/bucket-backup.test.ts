import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInstallation, sha256 } from '../../test/backup-archives.ts';
import { startS3rverBucket, type S3rverBucket } from '../../test/s3rver-bucket.ts';
import { blobPath } from '../backups/archive-format.ts';
import { BackupBucket } from '../backups/backup-bucket.ts';
import { readBackupStatus } from '../backups/status.ts';
import { openDatabase } from '../db/database.ts';

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const cli = path.resolve(import.meta.dirname, 'admin.ts');

let s3: S3rverBucket;
let site: Awaited<ReturnType<typeof embeddedInstallation>>;
/** Set by a test: s3rver stops once this many blob uploads into the backup bucket have begun. */
let stopAfterUploads = Infinity;
let uploadsBegun = 0;
/** The scheduled backups go to s3://site-backups/outage/. */
const scheduledIntoOutage = { BACKUP_S3_BUCKET: 'site-backups', BACKUP_S3_PREFIX: 'outage/' };

/** stderr without Node's process warnings (the AWS SDK's about the Node.js version, on Node 20). */
const withoutNodeWarnings = (stderr: string) =>
  stderr.replace(/^\(node:\d+\) Warning:[\s\S]*?\(Use `node --trace-warnings[^\n]*\n/m, '').trim();

async function admin(dataDir: string, env: Record<string, string>, ...args: string[]) {
  const endpoint = s3.storage.endpoint!;
  try {
    const { stdout } = await run(tsx, [cli, ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        S3_BUCKET: '',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        ...env,
      },
    });
    return { code: 0, out: stdout.trim() };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, out: withoutNodeWarnings(err.stderr) };
  }
}

beforeAll(async () => {
  s3 = await startS3rverBucket(
    (server) =>
      server.middleware.unshift(async (ctx, next) => {
        // CreateMultipartUpload of a blob: each blob upload begins with one.
        if (ctx.method === 'POST' && 'uploads' in ctx.query && ctx.path.includes('/blobs/'))
          if (++uploadsBegun === stopAfterUploads) void s3.stop();
        return next();
      }),
    ['site-backups', 'site-restored'],
  );
  site = await embeddedInstallation();
  for (let i = 0; i < 6; i++) await site.addFile();
  // The commands open the database themselves, as with the server stopped.
  await site.database.close();
}, 60_000);
afterAll(async () => {
  await rm(site.dataDir, { recursive: true, force: true });
  await s3.close();
});

/** The restored installation's files, and the SHA-256 of each one's bytes as `read` gives them. */
async function restoredFiles(dataDir: string, read: (key: string) => Promise<Buffer>) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  try {
    const rows = await database.prisma.fileNode.findMany({ select: { blobKey: true } });
    return new Map(
      await Promise.all(rows.map(async (r) => [r.blobKey!, sha256(await read(r.blobKey!))] as const)),
    );
  } finally {
    await database.close();
  }
}

async function bytesIn(bucket: string, key: string) {
  const { kind: _kind, publicEndpoint: _public, ...connection } = s3.storage;
  const chunks: Buffer[] = [];
  for await (const chunk of await new BackupBucket({ ...connection, bucket, prefix: '' }).read(key))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

// Each command opens PGlite in a process of its own, and a backup verifies in another: seconds each.
describe('pnpm admin backup and restore with an S3 prefix', { timeout: 240_000 }, () => {
  let address: string;

  it('should back up a stopped site into the bucket, verified', async () => {
    const result = await admin(site.dataDir, {}, 'backup', 's3://site-backups/cli/');
    expect(result).toMatchObject({ code: 0 });
    address = /to (s3:\/\/\S+), verified$/.exec(result.out)?.[1] ?? '';
    expect(address).toMatch(/^s3:\/\/site-backups\/cli\/site-[^/]+Z\.tar$/);
  });

  it('should restore from the bucket into an empty folder with every file and byte', async () => {
    const restored = `${site.dataDir}-restored`;
    try {
      expect(await admin(restored, {}, 'restore', address)).toEqual({
        code: 0,
        out: `Restored ${address} into ${restored}`,
      });
      const files = await restoredFiles(restored, (key) =>
        readFile(path.join(restored, 'blobs', blobPath(key))),
      );
      expect(files).toEqual(site.written);
    } finally {
      await rm(restored, { recursive: true, force: true });
    }
  });

  it("should restore the blobs into the site's bucket when S3_BUCKET is set", async () => {
    const restored = `${site.dataDir}-into-bucket`;
    try {
      // The prefix alone restores its newest verified archive.
      expect(
        await admin(restored, { S3_BUCKET: 'site-restored' }, 'restore', 's3://site-backups/cli/'),
      ).toEqual({
        code: 0,
        out: `Restored ${address} into ${restored}`,
      });
      expect(await restoredFiles(restored, (key) => bytesIn('site-restored', key))).toEqual(site.written);
    } finally {
      await rm(restored, { recursive: true, force: true });
    }
  });

  it('should refuse a prefix without backups and a name that is no archive, restoring nothing', async () => {
    const restored = `${site.dataDir}-nothing`;
    expect(await admin(restored, {}, 'restore', 's3://site-backups/empty/')).toEqual({
      code: 1,
      out: 'No verified backup in s3://site-backups/empty/',
    });
    expect(await admin(restored, {}, 'restore', 's3://site-backups/cli/manifests/x.json')).toEqual({
      code: 1,
      out: 's3://site-backups/cli/manifests/x.json names no archive: give s3://bucket/prefix/ or s3://bucket/prefix/site-<time>.tar',
    });
    expect(existsSync(restored)).toBe(false);
  });

  it("should leave the scheduled backups' status alone for a backup into another place", async () => {
    const status = path.join(site.dataDir, 'backups', 'status.json');
    await rm(status, { force: true });
    expect(await admin(site.dataDir, scheduledIntoOutage, 'backup', 's3://site-backups/cli/')).toMatchObject({
      code: 0,
    });
    expect(existsSync(status)).toBe(false);
  });

  it('should fail with exit code 1 when the store stops mid-backup, leaving no archive that claims to be whole', async () => {
    uploadsBegun = 0;
    stopAfterUploads = 2;
    let result;
    try {
      result = await admin(site.dataDir, scheduledIntoOutage, 'backup', 's3://site-backups/outage/');
    } finally {
      stopAfterUploads = Infinity;
      await s3.restart();
    }
    expect(uploadsBegun).toBeGreaterThanOrEqual(2);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /^The backup to s3:\/\/site-backups\/outage\/ failed:\n {2}the backup could not be written: /m,
    );
    const { kind: _kind, publicEndpoint: _public, ...connection } = s3.storage;
    const left = (
      await new BackupBucket({ ...connection, bucket: 'site-backups', prefix: 'outage/' }).list('')
    ).map((o) => o.name);
    expect(left.filter((name) => !name.startsWith('blobs/'))).toEqual([]);
    const { lastAttempt } = await readBackupStatus(path.join(site.dataDir, 'backups'));
    expect(lastAttempt).toMatchObject({ verified: false });

    // Once the store is back, the next backup completes over what the cut one left.
    expect(
      await admin(site.dataDir, scheduledIntoOutage, 'backup', 's3://site-backups/outage/'),
    ).toMatchObject({
      code: 0,
    });
  });
});
