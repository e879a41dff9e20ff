import type { FileNode } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';
import { ownedFolder, ownedNode } from './access.ts';
import { assertNameFree } from './names.ts';
import { addToSizes, changeTree, folderChain } from './tree.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Moves the owner's node under their folder `newParentId` (null: among the roots). The target must be the
 * owner's folder (404 otherwise, 400 for a file); a folder cannot go into itself or below itself (400); a name
 * the target's children already hold is a 409. The old folders above lose the node's size and the new ones gain
 * it, in one transaction. Moving to where it already is changes nothing.
 */
export function moveNode(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  nodeId: string,
  newParentId: string | null,
): Promise<FileNode> {
  return changeTree(db, ownerId, async (tx) => {
    const node = await ownedNode(tx, ownerId, nodeId);
    if (newParentId === node.parentId) return node;
    if (newParentId !== null) await ownedFolder(tx, ownerId, newParentId);
    const newChain = await folderChain(tx, newParentId);
    if (newChain.includes(node.id)) {
      throw new AppError('bad_request', 'A folder cannot be moved into itself or one of its subfolders');
    }
    await assertNameFree(tx, { ownerId, parentId: newParentId, name: node.name });
    await addToSizes(tx, await folderChain(tx, node.parentId), -node.size);
    await addToSizes(tx, newChain, node.size);
    return tx.fileNode.update({ where: { id: node.id }, data: { parentId: newParentId } });
  });
}
