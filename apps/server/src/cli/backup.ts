import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pino } from 'pino';
import { backupPlaceAt, embeddedData } from '../config.ts';
import { BackupError } from '../backups/archive-format.ts';
import { bucketAddress, type BucketPlace } from '../backups/backup-bucket.ts';
import { runBackup } from '../backups/run-backup.ts';
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

/**
 * Takes one backup of a stopped embedded database into bucket place `place`, as the running server takes its
 * scheduled ones (run-backup.ts: blobs, archive, verification from the bucket, pruning to BACKUP_KEEP). Blobs come
 * from the local folder, or with `s3Bucket` from that bucket, copied by the store. It counts as the scheduled
 * backups' latest (status.json) only when it goes where they go. Answers the exit code.
 */
async function backupToBucketNow(
  setup: ReturnType<typeof embeddedData>,
  place: BucketPlace,
): Promise<number> {
  const dbDir = path.join(setup.dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dbDir}`);
  const site = setup.s3Bucket ? backupPlaceAt(`s3://${setup.s3Bucket}/`)! : null;
  const lock = await lockPgliteDir(dbDir, 'pnpm admin backup');
  try {
    const pglite = new PGlite(dbDir);
    const { lastAttempt } = await runBackup({
      pglite,
      config: {
        dataDir: setup.dataDir,
        storage: site ? { kind: 's3', ...site, publicEndpoint: undefined } : undefined,
        backups: { dir: setup.backupDir, keep: setup.backupKeep, bucket: place },
      },
      logger: pino({ level: 'warn' }, pino.destination(2)),
      recordStatus: bucketAddress(place) === setup.backupAddress,
    }).finally(() => pglite.close());
    if (!lastAttempt?.verified) {
      console.error(`The backup to ${bucketAddress(place)} failed:\n  ${lastAttempt?.problems.join('\n  ')}`);
      return 1;
    }
    console.log(`Backed up ${setup.dataDir} to ${bucketAddress(place)}${lastAttempt.file}, verified`);
    return 0;
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

/** `pnpm admin backup <file | s3://bucket/prefix/>`: the embedded database and blobs, with the server stopped. */
export const backupCommand: CliCommand = {
  usage:
    'pnpm admin backup <file.tar | s3://bucket/prefix/>   (embedded database, server stopped; it backs itself up)',
  async run([file]) {
    if (!file) return 2;
    const setup = embeddedData();
    const place = backupPlaceAt(file);
    /** A backup refused for a reason the operator can act on: said, and exit 1. */
    const refused = async (error: unknown) => {
      if (error instanceof DatabaseInUseError) {
        console.error(`${error.message}.\n${await liveBackupHint(setup.backupDir)}`);
        return 1;
      }
      if (!(error instanceof BackupError)) throw error;
      console.error(error.message);
      return 1;
    };
    if (place && setup.pglite) return backupToBucketNow(setup, place).catch(refused);
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
      return refused(error);
    }
  },
};
