import { randomUUID } from 'node:crypto';
import { rm, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Bytes free to unprivileged writers on the disk of `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const disk = await statfs(dir);
  return disk.bavail * disk.bsize;
}

/**
 * Fills the disk of `dir` with a file until `leave` bytes are free; answers a function that removes it. (On a
 * tmpfs, zeros take room like anything else.)
 */
export async function fillDisk(dir: string, leave: number): Promise<() => Promise<void>> {
  const filler = path.join(dir, `filler-${randomUUID()}`);
  await writeFile(filler, Buffer.alloc(Math.max(0, (await freeBytes(dir)) - leave)));
  return () => rm(filler, { force: true });
}
