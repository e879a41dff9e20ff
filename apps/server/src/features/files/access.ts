import type { Request } from 'express';
import { requirePermission } from '../../auth/current-user.ts';
import type { UserRecord } from '../../auth/user-record.ts';
import type { Db } from '../../db/database.ts';
import type { FileNode, PendingUpload } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Tx } from './tree.ts';

/**
 * The access rules of the file manager, in one place: every route needs the `files` permission, and a node or an
 * upload belongs to its owner only. Someone else's id answers exactly like an unknown one (404), so ids reveal
 * nothing.
 */
export const requireFilesUser = (req: Pick<Request, 'session'>): UserRecord =>
  requirePermission(req, 'files');

/** The owner's live node `nodeId`; 404 when there is none, it is someone else's or in the trash. */
export async function ownedNode(db: Db | Tx, ownerId: string, nodeId: string): Promise<FileNode> {
  const node = await db.fileNode.findFirst({ where: { id: nodeId, ownerId, trashedAt: null } });
  if (!node) throw notFound('No such file or folder');
  return node;
}

/** The owner's folder `folderId`; 404 as for `ownedNode`, 400 when it is a file. */
export async function ownedFolder(db: Db | Tx, ownerId: string, folderId: string): Promise<FileNode> {
  const node = await ownedNode(db, ownerId, folderId);
  if (!node.isDirectory) throw new AppError('bad_request', `"${node.name}" is a file, not a folder`);
  return node;
}

/**
 * Whose pending uploads a route acts on: the owner's file uploads, or the uploads a member reserved for one album
 * (a video, whose upload is resumable as a file's is).
 */
export type UploadScope =
  { ownerId: string; kind: 'FILE' } | { ownerId: string; kind: 'IMAGE'; albumId: string };

/** The file uploads of `ownerId`. */
export const fileUploads = (ownerId: string): UploadScope => ({ ownerId, kind: 'FILE' });

/** The upload `uploadId` of `scope` that has not been turned into a file or image yet; 404 otherwise. */
export async function ownedPendingUpload(
  db: Db | Tx,
  scope: UploadScope,
  uploadId: string,
): Promise<PendingUpload> {
  const upload = await db.pendingUpload.findFirst({ where: { id: uploadId, ...scope } });
  if (!upload) throw notFound('No such upload');
  return upload;
}
