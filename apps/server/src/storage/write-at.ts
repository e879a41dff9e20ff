import { open, type FileHandle } from 'node:fs/promises';
import { AppError } from '../http/app-error.ts';

/**
 * A socket hands over 64 KiB at a time; gathering them into writes of this size keeps system calls few without
 * holding more than this much of an upload in memory.
 */
const writeBytes = 1024 * 1024;

/** Bytes an upload writes between the starts of two early writebacks (see `writeAt`). */
const writebackBytes = 8 * 1024 * 1024;

/**
 * The early writeback running in this process, if any. One at a time: a datasync holds one of libuv's four
 * threadpool threads for as long as the disk takes, and the writes of the other uploads need the rest.
 */
let writeback: Promise<void> | null = null;

/**
 * Writes the bytes of `source` (a request body) into `file` from byte `start` on, refusing (413) once there are
 * more than `maxBytes`, and answers how many there were once they are on disk (datasync). Chunks go to disk as
 * they are, gathered into one positional `writev` (no copy, no stream stages in between); while a write is on its
 * way the socket is not read, which is the back pressure.
 *
 * The kernel would keep the bytes in memory until that last datasync and then write them all while the client
 * waits (an upload is acknowledged only once it would survive a crash; `cp` is not held to that). So every
 * `writebackBytes` a datasync is started without waiting for it: the disk writes while the network delivers,
 * and the last datasync finds little left.
 */
export async function writeAt(
  source: AsyncIterable<Buffer>,
  file: FileHandle,
  start: number,
  maxBytes: number,
): Promise<number> {
  let position = start;
  let seen = 0;
  let gathered: Buffer[] = [];
  let gatheredBytes = 0;
  let sinceWriteback = 0;
  // The last writeback this upload started (an earlier one had ended before it began), and the first failure of
  // one: that failure is this upload's, as no later sync through this file descriptor would report it again.
  let started: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const flush = async () => {
    await writeAll(file, gathered, gatheredBytes, position);
    position += gatheredBytes;
    sinceWriteback += gatheredBytes;
    gathered = [];
    gatheredBytes = 0;
    if (sinceWriteback >= writebackBytes && writeback === null) {
      sinceWriteback = 0;
      started = file.datasync().catch((error: unknown) => void (failure ??= { error }));
      writeback = started.finally(() => (writeback = null));
    }
  };
  try {
    for await (const chunk of source) {
      seen += chunk.length;
      if (seen > maxBytes) throw new AppError('too_large', `The upload is larger than ${maxBytes} bytes`);
      gathered.push(chunk);
      gatheredBytes += chunk.length;
      if (gatheredBytes >= writeBytes) await flush();
    }
    if (gatheredBytes > 0) await flush();
  } finally {
    // The caller closes the file once this answers: not while a sync of ours still uses it.
    await started;
  }
  if (failure) throw failure.error;
  await file.datasync();
  return seen;
}

/**
 * `writeAt` into the file at `filePath`, opened with `flags` (e.g. 'w' to start it anew) and closed once the bytes
 * are on disk or the write failed.
 */
export async function writeFileAt(
  filePath: string,
  flags: string | number,
  source: AsyncIterable<Buffer>,
  start: number,
  maxBytes: number,
): Promise<number> {
  const file = await open(filePath, flags);
  try {
    return await writeAt(source, file, start, maxBytes);
  } finally {
    await file.close();
  }
}

/** `writev` may write less than asked (a full disk, a signal); the rest is written until all of it is there. */
async function writeAll(file: FileHandle, buffers: Buffer[], bytes: number, position: number) {
  const { bytesWritten } = await file.writev(buffers, position);
  if (bytesWritten === bytes) return;
  let rest = Buffer.concat(buffers).subarray(bytesWritten);
  let at = position + bytesWritten;
  while (rest.length > 0) {
    const written = (await file.write(rest, 0, rest.length, at)).bytesWritten;
    rest = rest.subarray(written);
    at += written;
  }
}
