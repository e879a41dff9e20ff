import type { BackupOverview } from '@site/contract';
import type { Config } from '../config.ts';
import { bucketAddress } from './backup-bucket.ts';
import { readBackupStatus } from './status.ts';

/** What the admin screen shows of the scheduled backups. */
export async function backupOverview({ backups }: Pick<Config, 'backups'>): Promise<BackupOverview> {
  if (!backups) return { enabled: false, dir: null, lastAttempt: null, lastSuccess: null };
  const where = backups.bucket ? bucketAddress(backups.bucket) : backups.dir;
  return { enabled: true, dir: where, ...(await readBackupStatus(backups.dir)) };
}
