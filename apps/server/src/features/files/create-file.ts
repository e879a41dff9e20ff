import type { AppDeps } from '../../deps.ts';
import type { FileNode } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { releaseUpload } from '../../storage/upload-claims.ts';
import { ownedFolder, ownedPendingUpload } from './access.ts';
import { safeMimeType } from './limits.ts';
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
 * The stored bytes must be exactly the announced size: missing or short bytes are a 400, more than announced a
 * 413 (S3 cannot cap a presigned PUT), and a blob that does not match is deleted so a new PUT can replace it.
 * The bytes are first moved out of reach of the upload link, so what was checked is what is kept.
 * A name its siblings already hold becomes `name (2).ext`, `name (3).ext`..., as uploading the same file twice
 * should keep both. The node, the size of every folder above it and the end of the pending upload are written in
 * one transaction.
 */
export async function createFile(
  { db, blobs, logger }: Pick<AppDeps, 'db' | 'blobs' | 'logger'>,
  ownerId: string,
  input: CreateFileInput,
): Promise<FileNode> {
  const upload = await ownedPendingUpload(db, ownerId, input.uploadId);
  const announced = Number(upload.size ?? 0);
  if (input.size !== announced) {
    throw new AppError('bad_request', `The upload was announced with ${announced} bytes, not ${input.size}`);
  }
  await blobs.promote(upload.id);
  const stored = await blobs.size(upload.id);
  if (stored === null) throw new AppError('bad_request', 'The bytes of this upload have not arrived');
  if (stored !== announced) {
    // Removed now rather than through the queue: the upload (and its key) stays reserved for a new PUT, which a
    // queued removal could delete. If this fails the reservation still covers the bytes: the next PUT replaces
    // them, or the sweep of abandoned uploads queues their removal.
    await blobs
      .remove([upload.id])
      .catch((err: unknown) => logger.warn({ err }, 'removing a refused upload failed'));
    await releaseUpload(db, upload.id);
    throw stored > announced
      ? new AppError('too_large', `The upload holds more than the announced ${announced} bytes`)
      : new AppError('bad_request', `The upload holds ${stored} bytes, not the announced ${announced}`);
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
