import { Counter } from 'prom-client';
import { registerGauge, registry } from '../metrics/registry.ts';
import { readBackupStatus } from './status.ts';

/** Scheduled backups that failed: taking the snapshot, writing the archive, or its verification. */
export const backupFailures = new Counter({
  name: 'backup_failures_total',
  help: 'Scheduled backups that failed to be taken or failed their verification',
  registers: [registry],
});

/** The time of the newest verified backup in `dir` (0 before the first), read from its status at scrape time. */
export function registerBackupMetrics(dir: string): void {
  registerGauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'Unix time of the newest scheduled backup that passed its verification (0 when none has)',
    collect: async () => {
      const { lastSuccess } = await readBackupStatus(dir);
      return lastSuccess ? Date.parse(lastSuccess.at) / 1000 : 0;
    },
  });
}
