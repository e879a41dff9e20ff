import type { AppDeps } from '../../deps.ts';
import { ownedNode } from './access.ts';
import { addToSizes, changeTree, folderChain, subtreeBlobKeys } from './tree.ts';

/**
 * Deletes the owner's file, or folder with everything under it, and takes its size off every folder above, in one
 * transaction. The bytes of the removed files are deleted from the store only once that has committed: a failed
 * transaction must not leave files whose bytes are gone. A store that fails then only leaves unreachable blobs,
 * which is logged.
 */
export async function removeNode(
  { db, blobs, logger }: Pick<AppDeps, 'db' | 'blobs' | 'logger'>,
  ownerId: string,
  nodeId: string,
): Promise<void> {
  const blobKeys = await changeTree(db, ownerId, async (tx) => {
    const node = await ownedNode(tx, ownerId, nodeId);
    const keys = await subtreeBlobKeys(tx, node.id);
    await addToSizes(tx, await folderChain(tx, node.parentId), -node.size);
    // The foreign key cascades to every descendant.
    await tx.fileNode.delete({ where: { id: node.id } });
    return keys;
  });
  await blobs.remove(blobKeys).catch((err: unknown) => {
    logger.error({ err, blobKeys }, 'deleted files left their blobs behind');
  });
}
