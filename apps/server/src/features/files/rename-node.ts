import type { FileNode } from '../../db/generated/client.ts';
import { ownedNode } from './access.ts';
import { assertNameFree } from './names.ts';
import { changeTree } from './tree.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Renames the owner's node. A name a sibling already holds is a 409 (a rename never renumbers); the same name
 * again changes nothing.
 */
export function renameNode(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  nodeId: string,
  name: string,
): Promise<FileNode> {
  return changeTree(db, ownerId, async (tx) => {
    const node = await ownedNode(tx, ownerId, nodeId);
    if (node.name === name) return node;
    await assertNameFree(tx, { ownerId, parentId: node.parentId, name, exceptId: node.id });
    return tx.fileNode.update({ where: { id: node.id }, data: { name } });
  });
}
