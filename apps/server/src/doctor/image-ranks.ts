import type { CheckContext, Finding } from './finding.ts';

/** The live images of an album must be ranked 0, 1, 2, … with no gap or tie; a repair renumbers them in order. */
export async function checkImageRanks({ db, repair }: CheckContext): Promise<Finding[]> {
  const albums = await db.$queryRaw<{ albumId: string; ranks: number[] }[]>`
    SELECT "albumId"::text AS "albumId", array_agg(rank ORDER BY rank, id) AS ranks
    FROM "Image" WHERE "trashedAt" IS NULL
    GROUP BY "albumId"
    HAVING min(rank) <> 0 OR max(rank) <> count(*) - 1 OR count(DISTINCT rank) <> count(*)
    ORDER BY 1`;
  if (repair && albums.length > 0)
    await db.$executeRaw`
      UPDATE "Image" i SET rank = n.rank
      FROM (
        SELECT id, (row_number() OVER (PARTITION BY "albumId" ORDER BY rank, id) - 1)::int AS rank
        FROM "Image" WHERE "trashedAt" IS NULL AND "albumId" = ANY(${albums.map((a) => a.albumId)}::uuid[])
      ) n
      WHERE i.id = n.id`;
  return albums.map((a) => ({
    problem: `album ${a.albumId} ranks its images ${a.ranks.join(', ')} instead of 0 to ${a.ranks.length - 1}`,
    repaired: repair,
  }));
}
