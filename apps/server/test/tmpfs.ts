import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A small disk of its own that a test can fill: a tmpfs mounted on a fresh folder. */
export interface SmallDisk {
  dir: string;
  unmount(): Promise<void>;
}

/**
 * Mounts a tmpfs of `size` (e.g. '8m'). In beforeAll, with `unmount` in afterAll: a mount outlives the test
 * process, and hooks of a describe whose tests are all filtered out do not run.
 */
export async function mountSmallDisk(size: string): Promise<SmallDisk> {
  const dir = await mkdtemp(path.join(tmpdir(), 'small-disk-'));
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    dir,
    unmount: async () => {
      await run('umount', [dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Why a tmpfs cannot be mounted here (not root, a container without the right), or undefined when it can. */
export const cannotMount: string | undefined = await mountSmallDisk('1m').then(
  (disk) => disk.unmount().then(() => undefined),
  (error: Error) => `cannot mount a tmpfs (${error.message.split('\n')[0]})`,
);
