import { randomUUID } from 'node:crypto';
import type { CreateUploadBody, UploadPlan } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { assertRoomFor } from '../../storage/disk-guard.ts';
import { touchUpload } from '../../storage/upload-claims.ts';
import { ownedPendingUpload, type UploadScope } from './access.ts';
import { inWords } from '../../storage/in-words.ts';
import { reserveUpload } from '../../storage/pending-uploads.ts';
import { assertRoom } from '../../storage/usage.ts';
import { partSizeFor, uploadContentType } from './limits.ts';
import { planOf } from './multipart-plan.ts';

/**
 * Reserves an upload of `size` bytes in `scope` (a file upload, or a video for an album), charged to its owner: its
 * id is the blob key the bytes go to. Up to
 * MULTIPART_THRESHOLD_BYTES it is sent in one PUT (SinglePart); above, in parts (MultiPart). An unfinished
 * MultiPart upload of the same name, size and modification time is answered again, so the browser lists its parts
 * and sends only the rest. Sizes over MAX_UPLOAD_BYTES are refused with 413 before anything is stored, and a new
 * upload the blob store's disk has no room for with 507 (a resumed one asks at each part).
 */
export async function createUpload(
  { db, blobs, config }: Pick<AppDeps, 'db' | 'blobs' | 'config'>,
  scope: UploadScope,
  { size, name, lastModified }: CreateUploadBody,
): Promise<UploadPlan> {
  const { ownerId } = scope;
  const limits = config.uploads;
  if (size > limits.maxBytes) {
    throw new AppError(
      'too_large',
      `A file may be at most ${inWords(limits.maxBytes)}; this one is ${inWords(size)}`,
    );
  }
  if (size <= limits.multipartThresholdBytes) {
    await assertRoomFor(blobs, size);
    const upload = await reserveUpload(db, config.quota, { ...scope, size: BigInt(size) });
    return { tag: 'SinglePart', contents: upload.id };
  }
  if (name !== undefined && lastModified !== undefined) {
    const unfinished = await db.pendingUpload.findFirst({
      where: {
        ...scope,
        name,
        size: BigInt(size),
        lastModified: BigInt(lastModified),
        partSize: { not: null },
        receivedAt: null,
      },
      orderBy: { touchedAt: 'desc' },
    });
    if (unfinished && (await touchUpload(db, unfinished.id))) return planOf(unfinished);
  }
  await assertRoomFor(blobs, size);
  const id = randomUUID();
  // Refused before the store upload starts; the charge itself is taken with the row, below.
  await assertRoom(db, ownerId, size, config.quota);
  // Started before the row: a row always has its store upload, and a store upload without a row is an orphan
  // the reconciler aborts.
  const multipartId = await blobs.startParts(id);
  const upload = await reserveUpload(db, config.quota, {
    id,
    ...scope,
    size: BigInt(size),
    name,
    lastModified: lastModified === undefined ? undefined : BigInt(lastModified),
    partSize: partSizeFor(size, limits.partBytes),
    multipartId,
  });
  return planOf(upload);
}

/**
 * A signed URL to PUT the bytes of a pending SinglePart upload of `scope` to, capped at its announced size and
 * signed for `uploadContentType`. Someone else's upload, or one already turned into a file or image, answers 404;
 * a MultiPart upload, 409 (its parts have URLs of their own).
 */
export async function uploadUrl(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  scope: UploadScope,
  uploadId: string,
) {
  const upload = await ownedPendingUpload(db, scope, uploadId);
  if (upload.partSize !== null) {
    throw new AppError('conflict', 'This upload is sent in parts: ask for the URLs of its parts');
  }
  return blobs.uploadUrl(upload.id, { contentType: uploadContentType, maxBytes: Number(upload.size ?? 0) });
}
