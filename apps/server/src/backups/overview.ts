import type { BackupOverview } from '@site/contract';
import type { Config } from '../config.ts';
import { readBackupStatus } from './status.ts';

/** What the admin screen shows of the scheduled backups. */
export async function backupOverview({ backups }: Pick<Config, 'backups'>): Promise<BackupOverview> {
  if (!backups) return { enabled: false, dir: null, lastAttempt: null, lastSuccess: null };
  return { enabled: true, dir: backups.dir, ...(await readBackupStatus(backups.dir)) };
}
