import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create, extract } from 'tar';
import { archiveEntries, type Manifest } from '../src/backups/archive-format.ts';
import { testConfig, type Config } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { createBlobStore } from '../src/storage/create-blob-store.ts';
import { migratedPgliteDir } from './pglite-dir.ts';

/** The manifest of backup archive `file`. */
export async function readArchiveManifest(file: string): Promise<Manifest> {
  return (await withUnpacked(file, async (dir) =>
    JSON.parse(await readFile(path.join(dir, archiveEntries.manifest), 'utf8')),
  )) as Manifest;
}

/** Writes `out`: archive `file` after `damage` has changed its unpacked contents in `dir`. */
export async function damagedCopy(file: string, out: string, damage: (dir: string) => Promise<void>) {
  await withUnpacked(file, async (dir) => {
    await damage(dir);
    await create({ file: out, cwd: dir, portable: true }, await readdir(dir));
  });
}

async function withUnpacked<T>(file: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'archive-'));
  try {
    await extract({ file, cwd: dir });
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A PGlite installation in a folder of its own with local blobs, as the server runs on the embedded defaults, or
 * with its blobs in `storage`.
 */
export async function embeddedInstallation(storage?: Config['storage']) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-'));
  await migratedPgliteDir(path.join(dataDir, 'db'));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const blobs = createBlobStore(testConfig(dataDir, storage && { storage }));
  const ownerId = (await database.prisma.user.create({ data: { email: 'owner@example.com' } })).id;
  /** The SHA-256 of each file's bytes, by blob key. */
  const written = new Map<string, string>();
  return {
    dataDir,
    database,
    blobs,
    written,
    config: { dataDir, storage, backups: testConfig(dataDir).backups! },
    /** A file as the site stores one: its bytes first, then the row that names them. */
    async addFile() {
      const key = randomUUID();
      const bytes = randomBytes(1024 + Math.floor(Math.random() * 4096));
      await blobs.write(key, bytes, 'application/octet-stream');
      await database.prisma.fileNode.create({
        data: { ownerId, name: key, isDirectory: false, size: bytes.length, blobKey: key },
      });
      written.set(key, sha256(bytes));
      return key;
    },
    /** A purge as the site runs one: the row goes, then its bytes. */
    async removeFile(key: string) {
      await database.prisma.fileNode.deleteMany({ where: { blobKey: key } });
      await blobs.remove([key]);
    },
    async close() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
