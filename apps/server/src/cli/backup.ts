import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { embeddedData } from '../config.ts';
import { BackupError } from '../backups/archive-format.ts';
import { takeSnapshot } from '../backups/snapshot.ts';
import { writeArchive } from '../backups/write-archive.ts';
import { readBackupStatus } from '../backups/status.ts';
import { DatabaseInUseError, lockPgliteDir } from '../db/pglite-lock.ts';
import type { CliCommand } from './command.ts';

/**
 * Writes one archive of a stopped embedded installation, as the running server writes its own (backups/): it
 * holds the database's lock throughout (DatabaseInUseError while the server runs). Answers what it wrote.
 */
export async function writeBackup(dataDir: string, file: string): Promise<{ migrations: number }> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dbDir}`);
  const lock = await lockPgliteDir(dbDir, 'pnpm admin backup');
  try {
    // After a crash, opening replays the write-ahead log: the dump is of the recovered database.
    const pglite = new PGlite(dbDir);
    const snapshot = await takeSnapshot(pglite).finally(() => pglite.close());
    await writeArchive(dataDir, snapshot, file);
    return { migrations: snapshot.migrations.length };
  } finally {
    lock.release();
  }
}

/** Where the running site's own backups are, for an operator who asked for one while it runs. */
async function liveBackupHint(dir: string): Promise<string> {
  const { lastSuccess } = await readBackupStatus(dir);
  const newest = lastSuccess
    ? `its newest verified backup is ${path.join(dir, lastSuccess.file)} (${lastSuccess.at})`
    : 'none is verified yet';
  return `Meanwhile it backs itself up without stopping, daily into ${dir}: ${newest}.`;
}

/** `pnpm admin backup <file>`: the embedded database and blobs, with the server stopped. */
export const backupCommand: CliCommand = {
  usage:
    'pnpm admin backup <file.tar>   (embedded database and local blobs, server stopped; it backs itself up)',
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
      if (error instanceof DatabaseInUseError) {
        console.error(`${error.message}.\n${await liveBackupHint(setup.backupDir)}`);
        return 1;
      }
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      return 1;
    }
  },
};
