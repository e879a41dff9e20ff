import { buffer } from 'node:stream/consumers';
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

/** Whether the archive ends in the Zip64 end records (the locator's signature sits 20 bytes before the classic one). */
export function hasZip64EndRecords(archive: Buffer): boolean {
  const classic = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return classic >= 20 && archive.readUInt32LE(classic - 20) === 0x07064b50;
}
