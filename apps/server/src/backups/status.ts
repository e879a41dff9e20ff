import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BackupStatus } from '@site/contract';

/** Where the scheduled backups record how the last ones went: beside them, so it survives a restart. */
const statusFile = (dir: string) => path.join(dir, 'status.json');

/** What the last backups did; nothing yet when none has run. */
export async function readBackupStatus(dir: string): Promise<BackupStatus> {
  try {
    return JSON.parse(await readFile(statusFile(dir), 'utf8')) as BackupStatus;
  } catch {
    return { lastAttempt: null, lastSuccess: null };
  }
}

export async function writeBackupStatus(dir: string, status: BackupStatus): Promise<void> {
  const partial = `${statusFile(dir)}.partial`;
  await writeFile(partial, JSON.stringify(status, null, 2), { mode: 0o600 });
  await rename(partial, statusFile(dir));
}
