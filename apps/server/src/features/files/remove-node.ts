import type { AppDeps } from '../../deps.ts';
import { ownedNode } from './access.ts';
import { addToSizes, changeTree, folderChain, markSubtreeTrashed } from './tree.ts';

/**
 * Moves the owner's file, or folder with everything under it, to their trash and takes its size off every folder
 * above, in one transaction. The node leaves the tree (remembering its parent), so its name is free again at
 * once; its bytes stay until it is deleted forever or purged (features/trash).
 */
export async function removeNode(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  nodeId: string,
): Promise<void> {
  await changeTree(db, ownerId, async (tx) => {
    const node = await ownedNode(tx, ownerId, nodeId);
    await addToSizes(tx, await folderChain(tx, node.parentId), -node.size);
    await markSubtreeTrashed(tx, node.id, new Date());
    await tx.fileNode.update({
      where: { id: node.id },
      data: { parentId: null, trashedFromId: node.parentId },
    });
  });
}
