import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  databaseKind,
  describeRaces,
  emptyDatabase,
  raceServerUrl,
  type Connection,
} from '../../test/database.ts';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { startServerProcess } from '../../test/server-process.ts';
import { openDatabase } from './database.ts';
import { applyMigrations, MigrationError, migrationsDir } from './migrate.ts';

type Empty = Awaited<ReturnType<typeof emptyDatabase>>;
let opened: Empty[] = [];
let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.map((d) => d.close()));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  opened = [];
  dirs = [];
});

async function empty(server?: string): Promise<Connection> {
  const database = await emptyDatabase(server);
  opened.push(database);
  return database.connect();
}

/** A migrations folder of our own: name to SQL. */
async function migrations(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) await writeMigration(dir, name, sql);
  return dir;
}

async function writeMigration(dir: string, name: string, sql: string) {
  await mkdir(path.join(dir, name), { recursive: true });
  await writeFile(path.join(dir, name, 'migration.sql'), sql);
}

/** The names of prisma/migrations' migration folders, in order. */
const projectMigrations = async () =>
  (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

const recorded = async (db: Connection) =>
  (
    await db.query<{ migration_name: string }>(
      'SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name',
    )
  ).map((r) => r.migration_name);

const tables = async (db: Connection) =>
  (
    await db.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((r) => r.tablename);

describe(`migrations (${databaseKind})`, () => {
  it("applies every one of the project's migrations once; running again applies nothing", async () => {
    const db = await empty();
    const all = await projectMigrations();
    expect(await applyMigrations(db)).toEqual(all);
    expect(await applyMigrations(db)).toEqual([]);
    expect(await recorded(db)).toEqual(all);
  });

  it('rolls a failing migration back whole, records only the ones before it, and applies it once fixed', async () => {
    const db = await empty();
    const dir = await migrations({
      '001_first': 'CREATE TABLE first (id int);',
      '002_broken': 'CREATE TABLE second (id int); INSERT INTO first VALUES (1); SELECT no_such_function();',
      '003_after': 'CREATE TABLE third (id int);',
    });
    const failure = await applyMigrations(db, dir).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/^migration 002_broken failed: .*no_such_function/);
    expect(await recorded(db)).toEqual(['001_first']);
    expect(await tables(db)).toEqual(['_prisma_migrations', 'first']);
    expect(await db.query('SELECT * FROM first')).toEqual([]);

    await writeMigration(dir, '002_broken', 'CREATE TABLE second (id int);');
    expect(await applyMigrations(db, dir)).toEqual(['002_broken', '003_after']);
  });

  it('refuses to go on when an applied migration was edited since, naming it and saying what to do', async () => {
    const db = await empty();
    const dir = await migrations({ '001_first': 'CREATE TABLE first (id int);' });
    await applyMigrations(db, dir);
    await writeMigration(dir, '001_first', 'CREATE TABLE first (id bigint);');
    await writeMigration(dir, '002_second', 'CREATE TABLE second (id int);');
    const failure = await applyMigrations(db, dir).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(/^Migration 001_first was changed after it was applied/);
    expect((failure as Error).message).toContain('make the change in a new migration');
    // Nothing after the drift ran.
    expect(await tables(db)).toEqual(['_prisma_migrations', 'first']);
  });

  it('refuses a database migrated by a newer build, naming the migrations this build lacks', async () => {
    const db = await empty();
    const dir = await migrations({ '001_first': 'SELECT 1;', '002_newer': 'SELECT 2;' });
    await applyMigrations(db, dir);
    await rm(path.join(dir, '002_newer'), { recursive: true });
    await expect(applyMigrations(db, dir)).rejects.toThrow(
      /^The database has migrations this build does not have: 002_newer\./,
    );
  });
});

describeRaces('migrations from app servers starting together', () => {
  it('applies each migration exactly once when two servers migrate one database at once', async () => {
    const database = await emptyDatabase(raceServerUrl);
    opened.push(database);
    const [one, two] = await Promise.all([database.connect(), database.connect()]);
    const [byOne, byTwo] = await Promise.all([applyMigrations(one), applyMigrations(two)]);
    const all = await projectMigrations();
    expect([...byOne, ...byTwo].sort()).toEqual(all);
    expect(await recorded(one)).toEqual(all);
  });
});

describe('the server process on a drifted embedded database', () => {
  it('stops at start-up with exit code 1 and a message naming the edited migration', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'drift-'));
    dirs.push(dataDir);
    await migratedPgliteDir(path.join(dataDir, 'db'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await database.prisma.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET checksum = repeat('0', 64)`);
    await database.close();
    const [first] = await projectMigrations();
    await expect(startServerProcess({}, dataDir)).rejects.toThrow(
      new RegExp(`server exited \\(1\\)[^]*Migration ${first} was changed after it was applied`),
    );
  }, 90_000);
});

describe('the server process starting', () => {
  it('logs the migrations it applied (every one for a new database, none the next time), and listens on HOST', async () => {
    const first = await startServerProcess({ HOST: '127.0.0.1' });
    dirs.push(first.dataDir);
    expect((await first.logged('applied')).migrations).toEqual(await projectMigrations());
    expect((await first.logged('listening on')).host).toBe('127.0.0.1');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = await startServerProcess({}, first.dataDir);
    try {
      expect(again.lines.filter((l) => l.msg.startsWith('applied'))).toEqual([]);
      expect((await again.logged('listening on')).host).toBe('every interface');
    } finally {
      again.child.kill('SIGKILL');
      await again.exited;
    }
  }, 120_000);
});
