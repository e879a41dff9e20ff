import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase } from '../../test/database.ts';
import type { Database } from './database.ts';
import { analyzeTables } from './table-statistics.ts';

describe(`the planner's statistics (${databaseKind})`, () => {
  let database: Database;
  beforeAll(async () => void (database = await freshDatabase()));
  afterAll(() => database.close());

  // PGlite has no autovacuum: before this, a table filled with rows still counts as never analyzed (-1).
  it('counts the rows of every table, so plans rest on what the tables hold', async () => {
    const db = database.prisma;
    await db.$executeRaw`
      INSERT INTO "RateLimit" (key, "windowStart", count)
      SELECT 'k' || n, now(), n FROM generate_series(1, 1000) AS n`;
    await analyzeTables(db);
    const [row] = await db.$queryRaw<{ reltuples: number }[]>`
      SELECT reltuples::float8 AS reltuples FROM pg_class WHERE oid = '"RateLimit"'::regclass`;
    expect(row?.reltuples).toBe(1000);
  });

  // PGlite has no autovacuum: before this, every round of rows written and deleted took new pages.
  it('makes the room of deleted rows reusable, so a table that churns stops growing', async () => {
    const db = database.prisma;
    const churn = async (round: number) => {
      await db.$executeRaw`
        INSERT INTO "RateLimit" (key, "windowStart", count)
        SELECT 'churn-' || ${round}::int || '-' || n, now(), n FROM generate_series(1, 2000) AS n`;
      await db.$executeRaw`DELETE FROM "RateLimit" WHERE key LIKE 'churn-%'`;
      await analyzeTables(db);
      const [row] = await db.$queryRaw<{ pages: number }[]>`
        SELECT (pg_relation_size('"RateLimit"') / current_setting('block_size')::int)::int AS pages`;
      return row!.pages;
    };
    const first = await churn(1);
    expect(first).toBeGreaterThan(0);
    for (let round = 2; round <= 4; round++) expect(await churn(round)).toBeLessThanOrEqual(first);
  });
});
