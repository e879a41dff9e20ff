import type { SinglePart } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { ownedPendingUpload } from './access.ts';
import { maxFileBytes, uploadContentType } from './limits.ts';

/**
 * Reserves an upload of `size` bytes for the owner: its id is the blob key the bytes go to. Sizes over
 * `maxFileBytes` (2 GiB) are refused with 413 before anything is stored.
 */
export async function createUpload(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  size: number,
): Promise<SinglePart> {
  if (size > maxFileBytes) {
    throw new AppError('too_large', `A file may be at most ${maxFileBytes} bytes (2 GiB)`);
  }
  const upload = await db.pendingUpload.create({ data: { ownerId, kind: 'FILE', size: BigInt(size) } });
  return { tag: 'SinglePart', contents: upload.id };
}

/**
 * A signed URL to PUT the bytes of the owner's pending upload to, capped at its announced size and signed for
 * `uploadContentType`. Someone else's upload, or one already turned into a file, answers 404.
 */
export async function uploadUrl(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  ownerId: string,
  uploadId: string,
) {
  const upload = await ownedPendingUpload(db, ownerId, uploadId);
  return blobs.uploadUrl(upload.id, { contentType: uploadContentType, maxBytes: Number(upload.size ?? 0) });
}
