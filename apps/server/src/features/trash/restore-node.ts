import type { Restored } from '@site/contract';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { freeName } from '../files/names.ts';
import { addToSizes, changeTree, folderChain, markSubtreeTrashed } from '../files/tree.ts';
import { folderPath } from './folder-paths.ts';

/**
 * Puts the owner's trashed file or folder back into the folder it came from, or among the roots when that folder
 * is gone or itself in the trash. A name taken there meanwhile becomes `name (2)` and so on, as create-directory
 * does. The folders above gain its size again in the same transaction.
 */
export function restoreNode(db: Db, ownerId: string, nodeId: string): Promise<Restored> {
  return changeTree(db, ownerId, async (tx) => {
    const node = await tx.fileNode.findFirst({
      where: { id: nodeId, ownerId, parentId: null, trashedAt: { not: null } },
    });
    if (!node) throw notFound('No such item in the trash');
    const place = node.trashedFromId
      ? await tx.fileNode.findFirst({
          where: { id: node.trashedFromId, ownerId, isDirectory: true, trashedAt: null },
          select: { id: true },
        })
      : null;
    const parentId = place?.id ?? null;
    const name = await freeName(tx, { ownerId, parentId, name: node.name, keepExtension: !node.isDirectory });
    await markSubtreeTrashed(tx, node.id, null);
    await tx.fileNode.update({ where: { id: node.id }, data: { parentId, name, trashedFromId: null } });
    await addToSizes(tx, await folderChain(tx, parentId), node.size);
    return { name, place: await folderPath(tx, parentId) };
  });
}
