import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** The name of a scheduled backup taken at `at`: sorts by time, and says what it is. */
export const backupName = (at: Date) =>
  `site-${at
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z')}.tar`;
export const isBackup = (name: string) => /^site-.+Z\.tar$/.test(name);

/** Folder where backups that failed their verification are kept aside, out of the count of good ones. */
export const failedDir = (dir: string) => path.join(dir, 'failed');
/** Failed backups kept for a look: the newest few, so a lasting failure does not fill the disk. */
export const failedKept = 2;

/**
 * Removes all but the newest `keep` backups in `dir`, all but the newest `failedKept` failed ones, and leftovers of
 * interrupted backups; answers what went.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const removed: string[] = [];
  // What a backup cut short (a crash, a full disk) left behind: none is under way while this runs.
  for (const name of await readdir(dir).catch(() => [] as string[]))
    if (name.startsWith('.staging-') || name.endsWith('.tar.partial')) {
      await rm(path.join(dir, name), { recursive: true, force: true });
      removed.push(path.join(dir, name));
    }
  for (const [folder, kept] of [
    [dir, keep],
    [failedDir(dir), failedKept],
  ] as const) {
    const names = (await readdir(folder).catch(() => [] as string[])).filter(isBackup).sort().reverse();
    for (const name of names.slice(kept)) {
      await rm(path.join(folder, name), { force: true });
      removed.push(path.join(folder, name));
    }
  }
  return removed;
}
