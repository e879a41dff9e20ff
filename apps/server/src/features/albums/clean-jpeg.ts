import type { Readable } from 'node:stream';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { releaseUpload } from '../../storage/upload-claims.ts';
import { imageMaxBytes } from '@site/contract';
import { stripJpeg } from './jpeg-segments.ts';

/** The most pixels a stored photo may have: the web app's full size (4096 x 4096, its canvas limit). */
export const maxImagePixels = 4096 * 4096;

/** Every byte of `stream`: a photo, at most 25 MiB. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The photo in `bytes` with nothing but what decoding needs (jpeg-segments.ts): no EXIF, XMP, GPS, ICC, comments or
 * bytes after the image. No pixel is decoded: the renditions come upright from the browser's canvas, so dropping
 * the EXIF orientation turns nothing. Throws a 400 for anything but a whole JPEG within {@link maxImagePixels}.
 */
function clean(bytes: Buffer, label: string): Buffer {
  const stripped = stripJpeg(bytes);
  if (!stripped.ok) {
    throw new AppError(
      'bad_request',
      stripped.problem === 'not_jpeg'
        ? `The ${label} is not a JPEG image`
        : `The ${label} could not be decoded as a JPEG image`,
    );
  }
  if (stripped.width * stripped.height > maxImagePixels) {
    throw new AppError('bad_request', `The ${label} is larger than 4096 x 4096 pixels`);
  }
  return stripped.bytes;
}

/**
 * Makes the uploaded blob `key` a clean copy of its photo (rewritten only when something was dropped) and answers
 * its bytes, or answers 400 (missing, over 25 MiB, not a well-formed JPEG, too many pixels) after removing the
 * refused bytes so the upload may be tried again. `label` names it in the message.
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
    const bytes = await readAll(await blobs.read(key));
    const cleaned = clean(bytes, label);
    if (cleaned.length !== bytes.length) await blobs.write(key, cleaned, 'image/jpeg');
    return cleaned.length;
  } catch (error) {
    await blobs.remove([key]);
    await releaseUpload(db, key);
    throw error;
  }
}
