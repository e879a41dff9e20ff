import type { Config } from '../config.ts';
import { runBackup, type BackupDeps } from './run-backup.ts';
import { readBackupStatus } from './status.ts';

type Schedule = Pick<NonNullable<Config['backups']>, 'hour' | 'intervalMs'>;

/** When the backup after `now` is due: every interval, or daily at the hour (the server's local time). */
export function nextBackupAt(now: Date, { hour, intervalMs }: Schedule): Date {
  if (intervalMs) return new Date(now.getTime() + intervalMs);
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next;
}

/** A site that was down at backup time, or has never been backed up, gets one this soon after it starts. */
const catchUpDelayMs = 60_000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Runs runBackup on the schedule, one at a time, and once soon after start when the newest verified backup is
 * older than a period (or there is none). Answers `stop`, which cancels what is due and waits for a backup under
 * way: it uses the database, which closes after.
 */
export function scheduleBackups(
  deps: BackupDeps & { config: { backups: NonNullable<Config['backups']> } },
): () => Promise<void> {
  const { backups } = deps.config;
  const period = backups.intervalMs ?? dayMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const at = (when: Date) => {
    if (stopped) return;
    timer = setTimeout(run, Math.max(0, when.getTime() - Date.now()));
    timer.unref();
  };
  const run = () => {
    running = runBackup(deps)
      .catch((err: unknown) => deps.logger.error({ err }, 'backup failed'))
      .finally(() => at(nextBackupAt(new Date(), backups)));
  };
  void readBackupStatus(backups.dir).then(({ lastSuccess }) => {
    const stale = !lastSuccess || Date.now() - Date.parse(lastSuccess.at) > period;
    at(stale ? new Date(Date.now() + catchUpDelayMs) : nextBackupAt(new Date(), backups));
  });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
