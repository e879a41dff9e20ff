import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { create } from 'tar';
import { embeddedData } from '../config.ts';
import { lockPgliteDir } from '../db/pglite-lock.ts';
import type { CliCommand } from './command.ts';

/** Marks an archive as ours; restore refuses anything else. */
export const backupFormat = { format: 'personal-site-backup', version: 1 } as const;

/** What a backup archive holds at its top level. */
export const archiveEntries = {
  manifest: 'manifest.json',
  database: 'pglite.tar.gz',
  blobs: 'blobs',
  sessionSecret: 'session-secret',
} as const;

/** A failure the operator can act on: printed as is, exit code 1. */
export class BackupError extends Error {}

/**
 * Writes one tar archive of an embedded installation: PGlite's own dump of its data folder (dumpDataDir), the
 * local blobs and the generated session secret. It holds the database's lock throughout (DatabaseInUseError
 * while the server runs), which also makes the database and the blobs one consistent moment. Answers what it
 * wrote.
 */
export async function writeBackup(dataDir: string, file: string): Promise<{ migrations: number }> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dbDir}`);
  const lock = await lockPgliteDir(dbDir, 'pnpm admin backup');
  try {
    return await archive(dataDir, dbDir, file);
  } finally {
    lock.release();
  }
}

/** writeBackup's work, done under its lock. */
async function archive(dataDir: string, dbDir: string, file: string): Promise<{ migrations: number }> {
  const staging = await mkdtemp(path.join(tmpdir(), 'site-backup-'));
  const partial = `${file}.partial`;
  try {
    // After a crash, opening replays the write-ahead log: the dump is of the recovered database.
    const pglite = new PGlite(dbDir);
    let migrations: string[];
    try {
      migrations = (
        await pglite.query<{ migration_name: string }>(
          'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY 1',
        )
      ).rows.map((r) => r.migration_name);
      const dump = await pglite.dumpDataDir('gzip');
      await writeFile(path.join(staging, archiveEntries.database), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    const manifest = { ...backupFormat, createdAt: new Date().toISOString(), migrations };
    await writeFile(path.join(staging, archiveEntries.manifest), JSON.stringify(manifest, null, 2));
    const entries: string[] = [archiveEntries.manifest, archiveEntries.database];
    // Links, followed while archiving, put the blobs in the archive without copying them first.
    for (const name of [archiveEntries.blobs, archiveEntries.sessionSecret]) {
      if (!existsSync(path.join(dataDir, name))) continue;
      await symlink(path.join(dataDir, name), path.join(staging, name));
      entries.push(name);
    }
    await create({ file: partial, cwd: staging, follow: true, portable: true }, entries);
    // The archive holds the session secret: readable by its owner only.
    await chmod(partial, 0o600);
    await rename(partial, file);
    return { migrations: migrations.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** `pnpm admin backup <file>`: the embedded database and blobs, with the server stopped. */
export const backupCommand: CliCommand = {
  usage: 'pnpm admin backup <file.tar>   (embedded database and local blobs; stop the server first)',
  async run([file]) {
    if (!file) return 2;
    const setup = embeddedData();
    if (!setup.pglite || !setup.localBlobs) {
      console.error(
        'backup covers the embedded defaults (PGlite and local blobs). With DATABASE_URL or S3_BUCKET set, use ' +
          'pg_dump and the bucket tools: see "Backups and upgrades" in the README.',
      );
      return 1;
    }
    try {
      const { migrations } = await writeBackup(setup.dataDir, path.resolve(file));
      console.log(`Backed up ${setup.dataDir} (schema at migration ${migrations}) to ${path.resolve(file)}`);
      return 0;
    } catch (error) {
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
