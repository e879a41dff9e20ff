import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasZip64EndRecords, unzip, unzipList } from '../../test/unzip.ts';
import { LocalBlobStore } from '../storage/local-blob-store.ts';
import { recycleChunk } from '../storage/read-chunks.ts';
import { zipArchive, type ZipEntry } from './zip-archive.ts';

let dir: string;
let store: LocalBlobStore;
/** Every blob stream the archive opened, to see how far each was read and whether it was closed. */
let opened: Readable[];
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-archive-'));
  store = new LocalBlobStore(dir, 'secret');
  const read = store.read.bind(store);
  store.read = async (key) => {
    const stream = await read(key);
    opened.push(stream);
    return stream;
  };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function blob(bytes: Buffer): Promise<string> {
  const key = randomUUID();
  await store.write(key, bytes);
  return key;
}

const file = (name: string, blobKey: string, size?: number): ZipEntry => ({
  kind: 'file',
  path: name,
  modified: new Date(),
  blobKey,
  size,
});

/** Collects what the archive streams until it ends or fails. */
async function drain(stream: Readable): Promise<{ bytes: Buffer; error?: Error }> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks) };
  } catch (error) {
    return { bytes: Buffer.concat(chunks), error: error as Error };
  }
}

describe('zip archives', () => {
  it('should write the Zip64 end records when forced, with every entry still readable', async () => {
    opened = [];
    const bytes = randomBytes(10_000);
    const entries = [file('a.bin', await blob(bytes), bytes.length)];
    const plain = await zipArchive(store, entries);
    const forced = await zipArchive(store, entries, { forceZip64: true });
    const [plainBytes, forcedBytes] = [await buffer(plain.stream), await buffer(forced.stream)];
    expect(hasZip64EndRecords(plainBytes)).toBe(false);
    expect(hasZip64EndRecords(forcedBytes)).toBe(true);
    expect(forced.size).toBe(forcedBytes.length);
    expect((await unzip(forcedBytes)).get('a.bin')!.equals(bytes)).toBe(true);
  });

  /**
   * `count` entries `<n> a name of ordinary length.jpg` under one folder: one-byte files of one blob, or (`folders`)
   * empty folders, which read no blob and keep a test of 70,000 entries quick.
   */
  const manyEntries = async (count: number, { folders = false } = {}) => {
    const key = await blob(Buffer.from('x'));
    const names = Array.from(
      { length: count },
      (_, n) => `Album/${n} a name of ordinary length${folders ? '/' : '.jpg'}`,
    );
    const entries: ZipEntry[] = [
      { kind: 'folder', path: 'Album/', modified: new Date() },
      ...names.map((name) =>
        folders ? { kind: 'folder' as const, path: name, modified: new Date() } : file(name, key, 1),
      ),
    ];
    return { entries, names: ['Album/', ...names] };
  };

  /**
   * The archive's bytes, each chunk copied and its read buffer handed back as the download does (each blob read
   * holds a 1 MiB buffer: thousands of them kept would not fit in memory).
   */
  const received = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(Buffer.from(chunk));
      recycleChunk(chunk);
    }
    return Buffer.concat(chunks);
  };

  it('should announce the exact length of 1,000 entries, a central directory past 64 KiB needing no Zip64', async () => {
    opened = [];
    const { entries, names } = await manyEntries(1000);
    const archive = await zipArchive(store, entries);
    const bytes = await received(archive.stream);
    expect(bytes.length).toBeGreaterThan(0xffff);
    expect(archive.size).toBe(bytes.length);
    expect(hasZip64EndRecords(bytes)).toBe(false);
    expect(await unzipList(bytes)).toEqual(names);
  });

  it('should announce the exact length of 70,000 entries, past the 65,535 that need the Zip64 end records', async () => {
    opened = [];
    const { entries, names } = await manyEntries(70_000, { folders: true });
    const archive = await zipArchive(store, entries);
    const bytes = await received(archive.stream);
    expect(archive.size).toBe(bytes.length);
    expect(hasZip64EndRecords(bytes)).toBe(true);
    expect(await unzipList(bytes)).toEqual(names);
  });

  it('should fail without its end records when a blob is missing mid-way, so it never looks complete', async () => {
    opened = [];
    const first = randomBytes(1000);
    const { stream } = await zipArchive(store, [
      file('first.bin', await blob(first), first.length),
      file('gone.bin', randomUUID(), 10),
    ]);
    const { bytes, error } = await drain(stream);
    expect(error?.message).toMatch(/ENOENT/);
    await expect(unzip(bytes)).rejects.toThrow();
  });

  it('should fail when a blob is not the size its file records', async () => {
    opened = [];
    const { stream } = await zipArchive(store, [file('short.bin', await blob(randomBytes(100)), 200)]);
    const { bytes, error } = await drain(stream);
    expect(error?.message).toMatch(/unexpected number of bytes/);
    await expect(unzip(bytes)).rejects.toThrow();
  });

  it('should read no further than a slow reader takes, and close the blob when the reader goes away', async () => {
    opened = [];
    const size = 32 * 1024 * 1024;
    const { stream } = await zipArchive(store, [file('big.bin', await blob(Buffer.alloc(size, 7)), size)]);
    stream.read(); // takes what is there, then nothing more for a while
    await sleep(300);
    const blobStream = opened[0] as Readable & { bytesRead: number };
    // A few 1 MiB reads ahead fill the pipes between blob and archive; then reading waits for the reader.
    expect(blobStream.bytesRead).toBeLessThan(8 * 1024 * 1024);
    stream.destroy();
    await sleep(50);
    expect(blobStream.destroyed).toBe(true);
    expect(blobStream.bytesRead).toBeLessThan(8 * 1024 * 1024);
  });
});
