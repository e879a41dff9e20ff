import type { AppDeps } from '../../deps.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { ownedNode } from './access.ts';
import { addToSizes, changeTree, folderChain, subtreeBlobKeys } from './tree.ts';

/**
 * Deletes the owner's file, or folder with everything under it, and takes its size off every folder above, in one
 * transaction that also queues the removal of their bytes: the bytes go only once the rows are gone, and a crash
 * or a blob store that is down delays their removal instead of leaving them for ever.
 */
export async function removeNode(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  nodeId: string,
): Promise<void> {
  await changeTree(db, ownerId, async (tx) => {
    const node = await ownedNode(tx, ownerId, nodeId);
    await enqueueBlobDeletion(tx, await subtreeBlobKeys(tx, node.id));
    await addToSizes(tx, await folderChain(tx, node.parentId), -node.size);
    // The foreign key cascades to every descendant.
    await tx.fileNode.delete({ where: { id: node.id } });
  });
}
