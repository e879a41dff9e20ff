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
});
