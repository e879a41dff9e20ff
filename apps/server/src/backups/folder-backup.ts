import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { failedDir } from './prune.ts';
import type { Snapshot } from './snapshot.ts';
import type { Verification } from './verify-backup.ts';
import { writeArchive } from './write-archive.ts';

/**
 * Backs `snapshot` up into archive `dir/name`, blobs included (from `dataDir/blobs`), and verifies it; a failed one
 * is moved to `failed/`. Answers its size and the problems found.
 */
export async function backupToFolder(b: {
  snapshot: Snapshot;
  dataDir: string;
  dir: string;
  name: string;
  verify: (file: string, blobDir: string) => Promise<Verification>;
  logger: Logger;
}): Promise<{ bytes: number; problems: string[] }> {
  const file = path.join(b.dir, b.name);
  let bytes = 0;
  let problems: string[];
  try {
    const written = await writeArchive(b.dataDir, b.snapshot, file);
    bytes = written.bytes;
    ({ problems } = await b.verify(file, path.join(b.dataDir, 'blobs')));
    if (written.manifest.absent?.length)
      b.logger.info(
        { absent: written.manifest.absent.length },
        'backup: blobs not stored yet or deleted since the snapshot',
      );
  } catch (error) {
    problems = [`the backup could not be written: ${(error as Error).message}`];
  }
  if (problems.length > 0) {
    await mkdir(failedDir(b.dir), { recursive: true });
    await rename(file, path.join(failedDir(b.dir), b.name)).catch(() => {});
  }
  return { bytes, problems };
}
