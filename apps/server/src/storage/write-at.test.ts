import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAt } from './write-at.ts';

const mib = 1024 * 1024;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'write-at-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** `bytes` in the 64 KiB chunks a socket hands over. */
async function* chunksOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
}

describe('writeAt', () => {
  it('writes a body of several writebacks at its offset, whole, and answers its length', async () => {
    const body = randomBytes(20 * mib + 123);
    const file = await open(path.join(dir, 'data'), 'w+');
    try {
      await file.write(Buffer.from('head:'), 0, 5, 0);
      expect(await writeAt(chunksOf(body), file, 5, body.length)).toBe(body.length);
    } finally {
      await file.close();
    }
    const stored = await readFile(path.join(dir, 'data'));
    expect(stored.subarray(0, 5).toString()).toBe('head:');
    expect(stored.subarray(5).equals(body)).toBe(true);
  });

  it('fails the upload when a sync started while it arrived failed, though the last sync succeeds', async () => {
    const real = await open(path.join(dir, 'data'), 'w');
    let syncs = 0;
    // The disk failing once (EIO), as the kernel reports it: to the first sync that asks, not to later ones.
    const failingOnce = new Proxy(real, {
      get(target, name) {
        if (name === 'datasync') {
          return () =>
            ++syncs === 1
              ? Promise.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }))
              : target.datasync();
        }
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    try {
      await expect(writeAt(chunksOf(randomBytes(20 * mib)), failingOnce, 0, 20 * mib)).rejects.toMatchObject({
        code: 'EIO',
      });
    } finally {
      await real.close();
    }
  });

  it('refuses a body larger than allowed with 413', async () => {
    const file = await open(path.join(dir, 'data'), 'w');
    try {
      await expect(writeAt(chunksOf(randomBytes(9 * mib)), file, 0, 8 * mib)).rejects.toMatchObject({
        status: 413,
      });
    } finally {
      await file.close();
    }
  });
});
