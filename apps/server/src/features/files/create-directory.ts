import type { FileNode } from '../../db/generated/client.ts';
import { ownedFolder } from './access.ts';
import { freeName } from './names.ts';
import { changeTree } from './tree.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Creates an empty folder under the owner's folder `parentId` (null: a root folder). A name its siblings already
 * hold becomes `name (2)`, `name (3)` and so on, so creating never fails on a clash.
 */
export function createDirectory(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  { name, parentId }: { name: string; parentId: string | null },
): Promise<FileNode> {
  return changeTree(db, ownerId, async (tx) => {
    if (parentId !== null) await ownedFolder(tx, ownerId, parentId);
    const free = await freeName(tx, { ownerId, parentId, name, keepExtension: false });
    return tx.fileNode.create({ data: { ownerId, parentId, name: free, isDirectory: true } });
  });
}
