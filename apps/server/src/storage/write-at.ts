import type { FileHandle } from 'node:fs/promises';
import { AppError } from '../http/app-error.ts';

/**
 * A socket hands over 64 KiB at a time; gathering them into writes of this size keeps system calls few without
 * holding more than this much of an upload in memory.
 */
const writeBytes = 1024 * 1024;

/**
 * Writes the bytes of `source` (a request body) into `file` from byte `start` on, refusing (413) once there are
 * more than `maxBytes`, and answers how many there were. Chunks go to disk as they are, gathered into one
 * positional `writev` (no copy, no stream stages in between); while a write is on its way the socket is not
 * read, which is the back pressure.
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
  const flush = async () => {
    await writeAll(file, gathered, gatheredBytes, position);
    position += gatheredBytes;
    gathered = [];
    gatheredBytes = 0;
  };
  for await (const chunk of source) {
    seen += chunk.length;
    if (seen > maxBytes) throw new AppError('too_large', `The upload is larger than ${maxBytes} bytes`);
    gathered.push(chunk);
    gatheredBytes += chunk.length;
    if (gatheredBytes >= writeBytes) await flush();
  }
  if (gatheredBytes > 0) await flush();
  return seen;
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
