import type { FileNode } from '@site/contract';
import type { Db } from '../../db/database.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { ownedFolder } from './access.ts';
import { decodeCursor, encodeCursor, type PageCursor } from './page-cursor.ts';
import { listedColumns, presentNode, sortNodes } from './present.ts';

/** What a caller asks of a listing: neither field for every node, else one page (see the contract). */
export interface PageRequest {
  after?: string;
  limit?: number;
}

/** Some nodes of a listing, and the cursor of the page after them (null: this was the last). */
export interface NodePage {
  nodes: FileNode[];
  next: string | null;
}

/** The owner's root nodes (trashed tops also have no parent: left out). */
export async function listRoots(db: Db, ownerId: string, page: PageRequest = {}): Promise<NodePage> {
  return listed(db, { ownerId, parentId: null, trashedAt: null }, page);
}

/** The children of the owner's folder `folderId` (404 unknown or not theirs, 400 for a file). */
export async function listChildren(
  db: Db,
  ownerId: string,
  folderId: string,
  page: PageRequest = {},
): Promise<NodePage> {
  await ownedFolder(db, ownerId, folderId);
  return listed(db, { ownerId, parentId: folderId }, page);
}

async function listed(db: Db, where: Prisma.FileNodeWhereInput, page: PageRequest): Promise<NodePage> {
  const after = page.after === undefined ? null : decodeCursor(page.after);
  if (after === null && page.limit === undefined) {
    return { nodes: sortNodes(await db.fileNode.findMany({ where, select: listedColumns })), next: null };
  }
  return keysetPage(db, where, after, page.limit);
}

/**
 * Up to `limit` nodes after `after`, folders first, then by (name, id) in the database's own collation: the
 * (ownerId, parentId, isDirectory, name, id) index hands them over in that order, so a page costs its own size
 * whatever the folder holds. Folders and files are two ranges of that index, read one after the other.
 */
async function keysetPage(
  db: Db,
  where: Prisma.FileNodeWhereInput,
  after: PageCursor | null,
  limit: number | undefined,
): Promise<NodePage> {
  const found: Prisma.FileNodeGetPayload<{ select: typeof listedColumns }>[] = [];
  for (const isDirectory of after?.isDirectory === false ? [false] : [true, false]) {
    // One more than asked for tells whether another page follows.
    const take = limit === undefined ? undefined : limit + 1 - found.length;
    if (take === 0) break;
    const from = after?.isDirectory === isDirectory ? after : null;
    found.push(
      ...(await db.fileNode.findMany({
        where: {
          ...where,
          isDirectory,
          ...(from && {
            name: { gte: from.name },
            OR: [{ name: { gt: from.name } }, { id: { gt: from.id } }],
          }),
        },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        take,
        select: listedColumns,
      })),
    );
  }
  const nodes = limit === undefined ? found : found.slice(0, limit);
  const last = nodes.at(-1);
  return {
    nodes: nodes.map(presentNode),
    next: last && found.length > nodes.length ? encodeCursor(last) : null,
  };
}
