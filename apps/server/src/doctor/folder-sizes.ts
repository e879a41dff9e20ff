import type { CheckContext, Finding } from './finding.ts';

/** Each folder's size must be the sum of its files' sizes, however deep; a repair sets it so. */
export async function checkFolderSizes({ db, repair }: CheckContext): Promise<Finding[]> {
  const wrong = await db.$queryRaw<{ id: string; name: string; size: bigint; want: bigint }[]>`
    WITH RECURSIVE tree (root, id, "isDirectory", size) AS (
      SELECT d.id, d.id, true, 0::bigint FROM "FileNode" d WHERE d."isDirectory"
      UNION ALL
      SELECT t.root, c.id, c."isDirectory", c.size FROM tree t JOIN "FileNode" c ON c."parentId" = t.id
    ), sums AS (
      SELECT root, COALESCE(sum(size) FILTER (WHERE NOT "isDirectory"), 0)::bigint AS want FROM tree GROUP BY root
    )
    SELECT d.id::text AS id, d.name, d.size, s.want
    FROM "FileNode" d JOIN sums s ON s.root = d.id
    WHERE d.size <> s.want
    ORDER BY d.id`;
  if (repair && wrong.length > 0)
    await db.$transaction(
      wrong.map((w) => db.fileNode.update({ where: { id: w.id }, data: { size: w.want } })),
    );
  return wrong.map((w) => ({
    problem: `folder ${w.id} "${w.name}" has size ${w.size}, its files hold ${w.want}`,
    repaired: repair,
  }));
}
