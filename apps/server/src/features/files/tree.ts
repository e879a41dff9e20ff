import type { Db } from '../../db/database.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';

/** A transaction over the file tree. */
export type Tx = Prisma.TransactionClient;

/** First key of the advisory locks that guard file trees, so they never meet another area's locks. */
const treeLockClass = 0x46494c45; // 'FILE'

/**
 * Runs `change` in one transaction holding the owner's tree lock. Every change to one owner's tree goes through
 * here, so sibling-name checks, cycle checks and folder sizes never race one another (root folders have a null
 * parent, which the unique index does not cover, and two moves could otherwise make a cycle).
 */
export async function changeTree<T>(db: Db, ownerId: string, change: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${treeLockClass}::int, hashtext(${ownerId}::text))`;
      return change(tx);
    });
  } catch (error) {
    // The unique index on (parentId, name) is the last word on sibling names.
    if ((error as { code?: string }).code === 'P2002')
      throw new AppError('conflict', 'That name is already taken here');
    throw error;
  }
}

/** `folderId` and its ancestors, nearest first; empty for null (the roots have no folder above them). */
export async function folderChain(tx: Tx, folderId: string | null): Promise<string[]> {
  if (folderId === null) return [];
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE chain AS (
      SELECT "id", "parentId", 0 AS depth FROM "FileNode" WHERE "id" = ${folderId}::uuid
      UNION ALL
      SELECT f."id", f."parentId", c.depth + 1 FROM "FileNode" f JOIN chain c ON f."id" = c."parentId"
    )
    SELECT "id"::text AS id FROM chain ORDER BY depth`;
  return rows.map((r) => r.id);
}

/** Adds `delta` bytes (negative to take away) to the size of every folder in `folderIds`. */
export async function addToSizes(tx: Tx, folderIds: string[], delta: bigint): Promise<void> {
  if (folderIds.length === 0 || delta === 0n) return;
  await tx.fileNode.updateMany({ where: { id: { in: folderIds } }, data: { size: { increment: delta } } });
}

/** Every file (not folder) in the subtree under (and including) `nodeId`, with its blob key and size. */
export function subtreeFiles(tx: Tx, nodeId: string) {
  return tx.$queryRaw<{ blobKey: string; size: bigint }[]>`
    WITH RECURSIVE sub AS (
      SELECT "id", "blobKey", "size" FROM "FileNode" WHERE "id" = ${nodeId}::uuid
      UNION ALL
      SELECT f."id", f."blobKey", f."size" FROM "FileNode" f JOIN sub s ON f."parentId" = s."id"
    )
    SELECT "blobKey", "size" FROM sub WHERE "blobKey" IS NOT NULL`;
}

/** Ids of every node in the subtree under (and including) `nodeId`. */
async function subtreeIds(tx: Tx, nodeId: string): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH RECURSIVE sub AS (
      SELECT "id" FROM "FileNode" WHERE "id" = ${nodeId}::uuid
      UNION ALL
      SELECT f."id" FROM "FileNode" f JOIN sub s ON f."parentId" = s."id"
    )
    SELECT "id"::text AS id FROM sub`;
  return rows.map((r) => r.id);
}

/**
 * Sets (a Date: into the trash) or clears (null: back out) `trashedAt` on every node of the subtree, so no node
 * under a trashed folder can be reached by its id either.
 */
export async function markSubtreeTrashed(tx: Tx, nodeId: string, trashedAt: Date | null): Promise<void> {
  await tx.fileNode.updateMany({ where: { id: { in: await subtreeIds(tx, nodeId) } }, data: { trashedAt } });
}
