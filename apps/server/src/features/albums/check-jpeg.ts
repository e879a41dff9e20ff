import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { imageMaxBytes } from './create-upload.ts';

/**
 * How much of a blob is read to identify it. A JPEG's markers up to its frame header are far smaller; reading
 * only this keeps a 25 MiB upload out of memory.
 */
const headBytes = 1024 * 1024;

async function readHead(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

/** The image format sharp recognises in `bytes`, or null (sharp throws, even synchronously, on empty input). */
async function formatOf(bytes: Buffer): Promise<string | null> {
  try {
    return (await sharp(bytes).metadata()).format ?? null;
  } catch {
    return null;
  }
}

/** 400 unless the blob `key` was uploaded, fits the limit and is a JPEG. `label` names it in the message. */
export async function assertStoredJpeg(blobs: BlobStore, key: string, label: string): Promise<void> {
  const size = await blobs.size(key);
  if (size === null) throw new AppError('bad_request', `The ${label} has not been uploaded`);
  if (size > imageMaxBytes) throw new AppError('bad_request', `The ${label} is larger than 25 MiB`);
  const head = await readHead(await blobs.read(key), headBytes);
  if ((await formatOf(head)) !== 'jpeg')
    throw new AppError('bad_request', `The ${label} is not a JPEG image`);
}
