import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupStatus } from '@site/contract';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { backupFailures } from './metrics.ts';
import { backupName, failedDir, pruneBackups } from './prune.ts';
import { takeSnapshot } from './snapshot.ts';
import { readBackupStatus, writeBackupStatus } from './status.ts';
import type { Verification } from './verify-backup.ts';
import { verifyInChild } from './verify-in-child.ts';
import { writeArchive } from './write-archive.ts';

export interface BackupDeps {
  /** The server's own open database. */
  pglite: PGlite;
  config: Pick<Config, 'dataDir'> & { backups: NonNullable<Config['backups']> };
  logger: Logger;
  /** Checks an archive (verifyInChild unless a test says otherwise). */
  verify?: (file: string, blobDir: string) => Promise<Verification>;
}

/**
 * Takes one backup of the running site into the backup folder, verifies it, and records how it went: a verified
 * one counts toward the kept ones (the oldest beyond BACKUP_KEEP go), a failed one is moved to `failed/` and
 * counted in backup_failures_total. Answers the status it recorded.
 */
export async function runBackup({
  pglite,
  config,
  logger,
  verify = verifyInChild,
}: BackupDeps): Promise<BackupStatus> {
  const { dir, keep } = config.backups;
  const started = new Date();
  const name = backupName(started);
  const file = path.join(dir, name);
  const blobDir = path.join(config.dataDir, 'blobs');
  let problems: string[];
  let bytes = 0;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const written = await writeArchive(config.dataDir, await takeSnapshot(pglite), file);
    bytes = written.bytes;
    ({ problems } = await verify(file, blobDir));
    if (written.manifest.absent?.length)
      logger.info(
        { absent: written.manifest.absent.length },
        'backup: blobs not stored yet or deleted since the snapshot',
      );
  } catch (error) {
    problems = [`the backup could not be written: ${(error as Error).message}`];
  }
  const verified = problems.length === 0;
  const previous = await readBackupStatus(dir);
  const status: BackupStatus = {
    lastAttempt: {
      at: started.toISOString(),
      file: name,
      bytes,
      verified,
      problems,
      durationMs: Date.now() - started.getTime(),
    },
    lastSuccess: verified ? { at: started.toISOString(), file: name, bytes } : previous.lastSuccess,
  };
  if (verified) {
    const removed = await pruneBackups(dir, keep);
    logger.info(
      { file, bytes, durationMs: status.lastAttempt!.durationMs, removed },
      'backup taken and verified',
    );
  } else {
    backupFailures.inc();
    await mkdir(failedDir(dir), { recursive: true });
    await rename(file, path.join(failedDir(dir), name)).catch(() => {});
    await pruneBackups(dir, keep);
    logger.error({ file, problems }, 'backup failed');
  }
  await writeBackupStatus(dir, status);
  return status;
}
