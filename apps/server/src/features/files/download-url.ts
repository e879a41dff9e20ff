import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { ownedNode } from './access.ts';
import { uploadContentType } from './limits.ts';

/**
 * A signed, expiring URL that downloads the owner's file under its name and type. A folder has no bytes (400).
 */
export async function downloadUrl(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  ownerId: string,
  nodeId: string,
) {
  const node = await ownedNode(db, ownerId, nodeId);
  if (node.isDirectory || !node.blobKey) {
    throw new AppError('bad_request', `"${node.name}" is a folder; only files can be downloaded`);
  }
  return blobs.downloadUrl(node.blobKey, {
    fileName: node.name,
    contentType: node.mimeType ?? uploadContentType,
  });
}
