import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupStatus } from '@site/contract';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { BackupBucket, type BucketPlace } from './backup-bucket.ts';
import { blobSourceOf } from './blob-source.ts';
import { backupToBucket } from './bucket-backup.ts';
import { backupToFolder } from './folder-backup.ts';
import { backupFailures } from './metrics.ts';
import { backupName, pruneBackups } from './prune.ts';
import { pruneBucket } from './prune-bucket.ts';
import { takeSnapshot } from './snapshot.ts';
import { readBackupStatus, writeBackupStatus } from './status.ts';
import type { Verification } from './verify-backup.ts';
import { verifyInChild } from './verify-in-child.ts';

export interface BackupDeps {
  /** The server's own open database. */
  pglite: PGlite;
  config: Pick<Config, 'dataDir'> & {
    backups: { dir: string; keep: number; bucket: BucketPlace | null };
    /** Where the site's blobs are: the local folder under dataDir when not given. */
    storage?: Config['storage'];
  };
  logger: Logger;
  /** Checks an archive (verifyInChild unless a test says otherwise). */
  verify?: (file: string, blobDir: string) => Promise<Verification>;
  /**
   * Whether the status in the folder (admin screen, metrics, the schedule's catch-up) is this backup's: not for
   * one taken by hand into another place than the scheduled ones'.
   */
  recordStatus?: boolean;
}

/**
 * Takes one backup of the running site into the backup folder or bucket, verifies it, and records how it went (in
 * the folder's status.json): a verified one counts toward the kept ones (the oldest beyond BACKUP_KEEP go), a failed
 * one is kept aside under `failed/` and counted in backup_failures_total. Answers the status it recorded.
 */
export async function runBackup({
  pglite,
  config,
  logger,
  verify = verifyInChild,
  recordStatus = true,
}: BackupDeps): Promise<BackupStatus> {
  const { dir, keep, bucket: place } = config.backups;
  const started = new Date();
  const name = backupName(started);
  const bucket = place ? new BackupBucket(place) : null;
  let outcome: { bytes: number; problems: string[] };
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const snapshot = await takeSnapshot(pglite);
    outcome = bucket
      ? await backupToBucket({
          bucket,
          source: blobSourceOf(config),
          snapshot,
          dataDir: config.dataDir,
          scratchDir: dir,
          name,
          // Its blobs are checked in the bucket; the folder is not read.
          verify: (file) => verify(file, path.join(config.dataDir, 'blobs')),
          logger,
        })
      : await backupToFolder({ snapshot, dataDir: config.dataDir, dir, name, verify, logger });
  } catch (error) {
    outcome = { bytes: 0, problems: [`the backup could not be written: ${(error as Error).message}`] };
  }
  const verified = outcome.problems.length === 0;
  const previous = await readBackupStatus(dir);
  const status: BackupStatus = {
    lastAttempt: {
      at: started.toISOString(),
      file: name,
      bytes: outcome.bytes,
      verified,
      problems: outcome.problems,
      durationMs: Date.now() - started.getTime(),
    },
    lastSuccess: verified
      ? { at: started.toISOString(), file: name, bytes: outcome.bytes }
      : previous.lastSuccess,
  };
  if (!verified && recordStatus) backupFailures.inc();
  try {
    // The folder too with a bucket: it holds the scratch copies a crash may have left.
    const removed = await pruneBackups(dir, keep);
    if (bucket) removed.push(...(await pruneBucket(bucket, keep, logger)));
    if (verified)
      logger.info(
        {
          to: bucket?.address ?? dir,
          file: name,
          bytes: outcome.bytes,
          durationMs: status.lastAttempt!.durationMs,
          removed,
        },
        'backup taken and verified',
      );
  } catch (error) {
    logger.warn({ err: error }, 'backup: old backups could not be pruned');
  }
  if (!verified)
    logger.error({ to: bucket?.address ?? dir, file: name, problems: outcome.problems }, 'backup failed');
  if (recordStatus) await writeBackupStatus(dir, status);
  return status;
}
