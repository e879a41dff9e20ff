import type { FileNode } from '@site/contract';
import type { Db } from '../../db/database.ts';
import { ownedFolder } from './access.ts';
import { listedColumns, sortNodes } from './present.ts';

/** The owner's root nodes, folders first, then by name (trashed tops also have no parent: left out). */
export async function listRoots(db: Db, ownerId: string): Promise<FileNode[]> {
  return sortNodes(
    await db.fileNode.findMany({
      where: { ownerId, parentId: null, trashedAt: null },
      select: listedColumns,
    }),
  );
}

/** The children of the owner's folder `folderId` (404 unknown or not theirs, 400 for a file), sorted as roots. */
export async function listChildren(db: Db, ownerId: string, folderId: string): Promise<FileNode[]> {
  await ownedFolder(db, ownerId, folderId);
  return sortNodes(
    await db.fileNode.findMany({ where: { ownerId, parentId: folderId }, select: listedColumns }),
  );
}
