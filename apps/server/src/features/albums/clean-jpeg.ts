import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { releaseUpload } from '../../storage/upload-claims.ts';
import { imageMaxBytes } from '@site/contract';

/** The most pixels a stored photo may have: the web app's full size (4096 x 4096, its canvas limit). */
export const maxImagePixels = 4096 * 4096;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What the header of `bytes` declares, or null (sharp throws, even synchronously, on empty input). */
async function headerOf(bytes: Buffer) {
  try {
    return await sharp(bytes).metadata();
  } catch {
    return null;
  }
}

/**
 * The photo in `bytes` decoded in full and encoded again: orientation applied, and nothing else kept (EXIF, XMP,
 * GPS, comments, bytes after the image). Throws a 400 for anything but a decodable JPEG within
 * {@link maxImagePixels}; sharp's own pixel limit stops a forged header before any memory is spent on it.
 */
async function reencode(bytes: Buffer, label: string): Promise<Buffer> {
  const notJpeg = new AppError('bad_request', `The ${label} is not a JPEG image`);
  // The header alone says what the image claims to be; nothing is decoded yet.
  const meta = await headerOf(bytes);
  if (meta?.format !== 'jpeg') throw notJpeg;
  if ((meta.width ?? 0) * (meta.height ?? 0) > maxImagePixels) {
    throw new AppError('bad_request', `The ${label} is larger than 4096 x 4096 pixels`);
  }
  try {
    return await sharp(bytes, { limitInputPixels: maxImagePixels, failOn: 'error' })
      .rotate()
      .jpeg({ quality: 90 })
      .toBuffer();
  } catch {
    throw new AppError('bad_request', `The ${label} could not be decoded as a JPEG image`);
  }
}

/**
 * Replaces the uploaded blob `key` with a clean copy of its photo and answers that copy's bytes, or answers 400
 * (missing, over 25 MiB, not a decodable JPEG, too many pixels) after removing the refused bytes so the upload
 * may be tried again. `label` names it in the message.
 */
export async function cleanStoredJpeg(
  { db, blobs }: { db: Db; blobs: BlobStore },
  key: string,
  label: string,
): Promise<number> {
  await blobs.promote(key);
  const size = await blobs.size(key);
  if (size === null) throw new AppError('bad_request', `The ${label} has not been uploaded`);
  try {
    if (size > imageMaxBytes) throw new AppError('bad_request', `The ${label} is larger than 25 MiB`);
    const clean = await reencode(await readAll(await blobs.read(key)), label);
    await blobs.write(key, clean, 'image/jpeg');
    return clean.length;
  } catch (error) {
    await blobs.remove([key]);
    await releaseUpload(db, key);
    throw error;
  }
}
