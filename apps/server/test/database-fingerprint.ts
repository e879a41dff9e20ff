import type { Db } from '../src/db/database.ts';

/**
 * Columns a request may move without the handler running: express-session rolls a session's expiry on any
 * answer, a refused one too.
 */
const rollingColumns: Record<string, string[]> = { UserSession: ['expiresAt'] };

/**
 * A digest of every row of every table (per table: its row count and an MD5 of its rows in order), so a test can
 * show that a request changed nothing at all. Migration bookkeeping is left out.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const columns = await db.$queryRaw<{ table: string; column: string }[]>`
    SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name NOT LIKE '\_prisma%'
    ORDER BY table_name, ordinal_position`;
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) {
    if (rollingColumns[table]?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), `t."${column}"`]);
  }
  const digest: Record<string, string> = {};
  for (const [table, cols] of byTable) {
    const row = `row(${cols.join(', ')})::text`;
    const [answer] = await db.$queryRawUnsafe<{ rows: number; hash: string | null }[]>(
      `SELECT count(*)::int AS rows, md5(string_agg(${row}, '|' ORDER BY ${row})) AS hash FROM "${table}" t`,
    );
    digest[table] = `${answer?.rows} ${answer?.hash ?? ''}`;
  }
  return digest;
}
