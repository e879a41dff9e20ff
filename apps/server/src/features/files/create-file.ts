import type { AppDeps } from '../../deps.ts';
import type { FileNode } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { releaseUpload } from '../../storage/upload-claims.ts';
import { fileUploads, ownedFolder, ownedPendingUpload } from './access.ts';
import { safeMimeType } from './limits.ts';
import { isMultipart } from './multipart-plan.ts';
import { joinUpload } from './multipart-upload.ts';
import { freeName } from './names.ts';
import { addToSizes, changeTree, folderChain } from './tree.ts';

export interface CreateFileInput {
  name: string;
  mimeType: string;
  size: number;
  parentId: string | null;
  uploadId: string;
}

/**
 * Turns the owner's finished upload into a file under `parentId` (null: among the roots).
 *
 * A MultiPart upload is joined first (multipart-upload.ts): a missing part or one of the wrong size is a 409.
 * A SinglePart upload's stored bytes must be exactly the announced size (`checkSinglePart`).
 * A name its siblings already hold becomes `name (2).ext`, `name (3).ext`..., as uploading the same file twice
 * should keep both. The node, the size of every folder above it and the end of the pending upload are written in
 * one transaction.
 */
export async function createFile(
  { db, blobs, logger, config }: Pick<AppDeps, 'db' | 'blobs' | 'logger' | 'config'>,
  ownerId: string,
  input: CreateFileInput,
): Promise<FileNode> {
  const upload = await ownedPendingUpload(db, fileUploads(ownerId), input.uploadId);
  const announced = Number(upload.size ?? 0);
  if (input.size !== announced) {
    throw new AppError('bad_request', `The upload was announced with ${announced} bytes, not ${input.size}`);
  }
  if (isMultipart(upload)) {
    // Checked before the join, which is long for a large file and pointless into a folder that is not there.
    if (input.parentId !== null) await ownedFolder(db, ownerId, input.parentId);
    await joinUpload({ db, blobs }, upload, config.uploadLeaseMs);
  } else {
    await checkSinglePart({ db, blobs, logger }, upload.id, announced);
  }

  return changeTree(db, ownerId, async (tx) => {
    // Taken inside the lock, so one upload never becomes two files.
    const { count } = await tx.pendingUpload.deleteMany({ where: { id: upload.id, ownerId, kind: 'FILE' } });
    if (count === 0) throw notFound('No such upload');
    if (input.parentId !== null) await ownedFolder(tx, ownerId, input.parentId);
    const name = await freeName(tx, {
      ownerId,
      parentId: input.parentId,
      name: input.name,
      keepExtension: true,
    });
    const node = await tx.fileNode.create({
      data: {
        ownerId,
        parentId: input.parentId,
        name,
        isDirectory: false,
        size: BigInt(announced),
        mimeType: safeMimeType(input.mimeType),
        blobKey: upload.id,
      },
    });
    await addToSizes(tx, await folderChain(tx, input.parentId), BigInt(announced));
    return node;
  });
}

/**
 * The bytes of a single PUT must be exactly the announced size: missing or short bytes are a 400, more than
 * announced a 413 (S3 cannot cap a presigned PUT), and a blob that does not match is deleted so a new PUT can
 * replace it. The bytes are first moved out of reach of the upload link, so what was checked is what is kept.
 */
async function checkSinglePart(
  { db, blobs, logger }: Pick<AppDeps, 'db' | 'blobs' | 'logger'>,
  key: string,
  announced: number,
) {
  await blobs.promote(key);
  const stored = await blobs.size(key);
  if (stored === null) throw new AppError('bad_request', 'The bytes of this upload have not arrived');
  if (stored === announced) return;
  // Removed now rather than through the queue: the upload (and its key) stays reserved for a new PUT, which a
  // queued removal could delete. If this fails the reservation still covers the bytes: the next PUT replaces
  // them, or the sweep of abandoned uploads queues their removal.
  await blobs.remove([key]).catch((err: unknown) => logger.warn({ err }, 'removing a refused upload failed'));
  await releaseUpload(db, key);
  throw stored > announced
    ? new AppError('too_large', `The upload holds more than the announced ${announced} bytes`)
    : new AppError('bad_request', `The upload holds ${stored} bytes, not the announced ${announced}`);
}
