import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import type { SqlRunner } from '../../src/db/migrate.ts';
import { migrationNames } from '../../src/db/migrate.ts';
import { databaseKind, upgradedDatabase } from '../database.ts';

type Row = Record<string, unknown>;

/** Every row of every table but the migrations' bookkeeping, as JSON, table by table. */
async function rowsOf(db: Pick<SqlRunner, 'query'>): Promise<Map<string, Row[]>> {
  const tables = await db.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1",
  );
  const rows = new Map<string, Row[]>();
  for (const { tablename } of tables) {
    const found = await db.query<{ row: Row }>(`SELECT to_jsonb(t) AS row FROM "${tablename}" t`);
    rows.set(
      tablename,
      found.map((r) => r.row),
    );
  }
  return rows;
}

/** `row` with only `columns`, so rows compare across migrations that added columns. */
const only = (row: Row, columns: string[]) => Object.fromEntries(columns.map((c) => [c, row[c]]));
const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();

// The build at 96c120b is the one issue 32's operator upgraded from; its database was made by its own migrations
// with rows in every table (make-fixture.sh beside this file).
describe(`upgrading a database made by the build at 96c120b (${databaseKind})`, () => {
  let before: Map<string, Row[]>;
  let oldMigrations: string[];
  let database: Database;

  beforeAll(async () => {
    const dump = await readFile(path.join(import.meta.dirname, 'from-96c120b.sql'), 'utf8');
    database = await upgradedDatabase(dump, async (db) => {
      before = await rowsOf(db);
      oldMigrations = (
        await db.query<{ migration_name: string }>(
          'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name',
        )
      ).map((r) => r.migration_name);
    });
  });
  afterAll(() => database?.close());

  it('starts from rows in every table of that build', () => {
    expect(before.size).toBe(17);
    expect([...before].filter(([, rows]) => rows.length === 0).map(([table]) => table)).toEqual([]);
    expect(oldMigrations).toHaveLength(8);
  });

  it('applies exactly the migrations that build lacked, in order', async () => {
    const all = await migrationNames();
    expect(database.migrationsApplied).toEqual(all.filter((name) => !oldMigrations.includes(name)));
    expect(database.migrationsApplied.length).toBeGreaterThan(0);
  });

  it('keeps every row of every table with every value it had', async () => {
    const after = await rowsOf({
      query: <T>(sql: string) => database.prisma.$queryRawUnsafe<T[]>(sql),
    });
    // The one row an upgrade adds: the job that strips old photos' metadata (its own test below).
    const added = (row: Row) => row.kind === 'strip-photo-metadata';
    for (const [table, rows] of before) {
      const columns = Object.keys(rows[0]!);
      const kept = after.get(table)!.filter((row) => table !== 'Job' || !added(row));
      expect(sorted(kept.map((row) => only(row, columns))), table).toEqual(sorted(rows));
    }
  });

  it("queues once the strip of the old photos' metadata", async () => {
    const jobs = await database.prisma.job.findMany({ where: { kind: 'strip-photo-metadata' } });
    expect(jobs.map((job) => [job.state, job.payload])).toEqual([['PENDING', {}]]);
  });

  it("serves the old rows through this build's client, new columns at their defaults", async () => {
    const anna = await database.prisma.user.findUniqueOrThrow({ where: { email: 'anna@example.com' } });
    // Storage charged for what was stored before quotas: files, photos (trashed ones too) and uploads in flight.
    expect(anna.storageUsed).toBe(3_000_000_000n + 12n + 524_288n + 1_048_576n + 20_000_000n);
    const bo = await database.prisma.user.findUniqueOrThrow({ where: { email: 'bo@example.com' } });
    expect(bo.storageUsed).toBe(0n);
    expect(bo.disabledAt).toBeNull();
    // Last seen is carried over from the member's own live sessions; an admin's acting as one does not count.
    const [annaSession] = await database.prisma.userSession.findMany({
      where: { userId: anna.id, adminId: null },
    });
    expect(anna.lastSeenAt).toEqual(annaSession!.lastSeenAt);
    expect(bo.lastSeenAt).toBeNull();
    const shares = await database.prisma.albumShare.findMany({ orderBy: { email: 'asc' } });
    expect(shares.map((s) => [s.email, s.role])).toEqual([
      ['bo@example.com', 'VIEWER'],
      ['carla@example.com', 'VIEWER'],
    ]);
    const album = await database.prisma.photoAlbum.findFirstOrThrow({
      where: { name: 'Summer 2026' },
      include: { images: { orderBy: { rank: 'asc' } } },
    });
    expect(album.imageOrder).toBe('MANUAL');
    expect(album.images.map((i) => [i.rank, i.size, i.takenAt, i.originalId])).toEqual([
      [1, 524_288, null, null],
      [2, null, null, null],
    ]);
    const comment = await database.prisma.imageComment.findFirstOrThrow();
    expect(comment.comment).toBe('Lovely light — wie schön! 🌅');
  });
});
