import { Prisma } from '../../db/generated/client.ts';
import type { Db } from '../../db/database.ts';
import type { Tx } from '../files/tree.ts';

/**
 * The path of each folder in `folderIds`, such as `Photos/2024`, in one query. Inside a trashed subtree the path
 * goes on from where its top was deleted, so it names the original place; a folder that is gone is left out.
 */
export async function folderPaths(db: Db | Tx, folderIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(folderIds)];
  if (ids.length === 0) return new Map();
  // A trashed top has no parent but remembers its old one: the walk goes on there. (It cannot loop: a node in
  // the trash takes no children, so no folder ever lands below a top that remembers it.)
  const rows = await db.$queryRaw<{ id: string; path: string }[]>`
    WITH RECURSIVE chain AS (
      SELECT "id" AS start, COALESCE("parentId", "trashedFromId") AS up, "name"::text AS path, 0 AS depth
      FROM "FileNode" WHERE "id" IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))})
      UNION ALL
      SELECT c.start, COALESCE(f."parentId", f."trashedFromId"), f."name" || '/' || c.path, c.depth + 1
      FROM "FileNode" f JOIN chain c ON f."id" = c.up
    )
    SELECT DISTINCT ON (start) start::text AS id, path FROM chain ORDER BY start, depth DESC`;
  return new Map(rows.map((r) => [r.id, r.path]));
}

/** The path of one folder, '' for the top level (null). */
export async function folderPath(db: Db | Tx, folderId: string | null): Promise<string> {
  if (folderId === null) return '';
  return (await folderPaths(db, [folderId])).get(folderId) ?? '';
}
