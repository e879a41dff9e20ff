import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

/** An archive's entries, path to bytes (folders map to empty buffers), read with yauzl, which checks CRCs. */
export async function unzip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  return entries;
}

/**
 * The entry names Info-ZIP's `unzip` (the Debian package) lists for an archive: what a user's own tool makes of
 * it, end records and central directory read independently of the code that wrote them. Fails when `unzip` does.
 */
export async function unzipList(archive: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'unzip-list-'));
  try {
    const file = path.join(dir, 'archive.zip');
    await writeFile(file, archive);
    const { stdout } = await promisify(execFile)('unzip', ['-Z1', file], { maxBuffer: 256 * 1024 * 1024 });
    return stdout.split('\n').filter((line) => line !== '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether the archive ends in the Zip64 end records (the locator's signature sits 20 bytes before the classic one). */
export function hasZip64EndRecords(archive: Buffer): boolean {
  const classic = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return classic >= 20 && archive.readUInt32LE(classic - 20) === 0x07064b50;
}
