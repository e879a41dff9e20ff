import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import type { SqlRunner } from '../src/db/migrate.ts';
import { pgliteRunner } from '../src/db/pglite-options.ts';
import type { TransactionLimits } from '../src/db/transaction-limits.ts';

/**
 * Set to a PostgreSQL server URL to run the tests there instead of on PGlite. Empty (`TEST_DATABASE_URL=`, as
 * .ci/run's PGlite pass sets it) means no server, like leaving it out, so the race tests still find the local one.
 */
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

/** Which database kind the tests run on, for test names. */
export const databaseKind = serverUrl ? 'postgresql' : 'pglite';

/** The developers' PostgreSQL (see the README), used for race tests when TEST_DATABASE_URL is not set. */
const localServerUrl = 'postgresql://postgres@127.0.0.1:5432/postgres';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL server race tests run on: TEST_DATABASE_URL, else 127.0.0.1:5432 when it answers, so a PGlite
 * run on a laptop still catches a lost lock. PGlite serves one connection at a time and cannot race.
 */
export const raceServerUrl = serverUrl ?? ((await answers(localServerUrl)) ? localServerUrl : undefined);

/**
 * `describe` for tests of concurrency (locks, races) that only PostgreSQL can produce. Without a PostgreSQL
 * server they are skipped, and say so.
 */
export function describeRaces(name: string, body: () => void): void {
  if (raceServerUrl) {
    describe(`${name} (postgresql races)`, body);
    return;
  }
  const why = 'no PostgreSQL at 127.0.0.1:5432 or TEST_DATABASE_URL; PGlite cannot race';
  console.warn(`SKIPPED race tests "${name}": ${why}`);
  describe.skip(`${name} (skipped: ${why})`, body);
}

/**
 * A database of its own for one test file: a new PostgreSQL database on `server` (TEST_DATABASE_URL's by
 * default; dropped on close), or an in-memory PGlite without one. Migrations are applied either way. `reach` may
 * change how the app connects to PostgreSQL (through a proxy a test cuts); `transactions` shortens how long an
 * interactive transaction may wait and run (for a test that makes one run out).
 */
export async function freshDatabase(
  server = serverUrl,
  reach: (url: URL) => void = () => {},
  transactions?: TransactionLimits,
): Promise<Database & { url?: string }> {
  if (!server) {
    const template = await pgliteTemplate('pgliteMigrated');
    return openDatabase({ pgliteDir: 'memory://', template }, { transactions });
  }
  const { url, drop } = await createDatabase(server);
  const reached = new URL(url);
  reach(reached);
  const database = await openDatabase({ url: reached.toString() }, { transactions });
  return {
    ...database,
    /** For a second client on the same database (several app servers). */
    url: url.toString(),
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** A fresh database on the race tests' PostgreSQL server (see `describeRaces`). */
export function raceDatabase(): Promise<Database> {
  if (!raceServerUrl) throw new Error('no PostgreSQL server for race tests');
  return freshDatabase(raceServerUrl);
}

/** A runner that can be ended, like one app server's connection. */
export type Connection = SqlRunner & { end(): Promise<void> };

/**
 * A database without any migration, for tests of migrating: `connect()` opens one more connection to it (on
 * PGlite every connection is the same one). PostgreSQL on `server` (TEST_DATABASE_URL's by default), else PGlite.
 */
export async function emptyDatabase(server = serverUrl) {
  if (!server) {
    const pglite = new PGlite('memory://', { loadDataDir: await pgliteTemplate('pgliteEmpty') });
    const connection: Connection = {
      exec: async (sql) => void (await pglite.exec(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
      end: async () => {},
    };
    return { connect: async () => connection, close: () => pglite.close() };
  }
  const { url, drop } = await createDatabase(server);
  const open: pg.Client[] = [];
  return {
    connect: async (): Promise<Connection> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      open.push(client);
      return {
        exec: async (sql) => void (await client.query(sql)),
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        end: () => client.end(),
      };
    },
    close: async () => {
      await Promise.all(open.map((c) => c.end().catch(() => {})));
      await drop();
    },
  };
}

/**
 * A database as an earlier build left it (`dump`: SQL its database dumps to), opened the way the server opens
 * its own: openDatabase, which applies this build's pending migrations. `beforeUpgrade` reads it first.
 * PostgreSQL on `server` (TEST_DATABASE_URL's by default; dropped on close), else PGlite.
 */
export async function upgradedDatabase(
  dump: string,
  beforeUpgrade: (db: SqlRunner) => Promise<void>,
  server = serverUrl,
): Promise<Database> {
  if (!server) {
    const pglite = new PGlite('memory://', { loadDataDir: await pgliteTemplate('pgliteEmpty') });
    let template: Blob;
    try {
      await pglite.exec(dump);
      await beforeUpgrade(pgliteRunner(pglite));
      template = await pglite.dumpDataDir('none');
    } finally {
      await pglite.close();
    }
    return openDatabase({ pgliteDir: 'memory://', template });
  }
  const { url, drop } = await createDatabase(server);
  try {
    await admin(url, async (client) => {
      await client.query(dump);
      await beforeUpgrade({
        exec: async (sql) => void (await client.query(sql)),
        query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      });
    });
    const database = await openDatabase({ url });
    return {
      ...database,
      close: async () => {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** One of test/global-setup.ts's PGlite data directories, as a tarball for PGlite's `loadDataDir`. */
async function pgliteTemplate(name: 'pgliteEmpty' | 'pgliteMigrated'): Promise<Blob> {
  return new Blob([await readFile(inject(name))]);
}

async function createDatabase(server: string) {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(server, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function admin(server: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Database work while a child server is down: its PostgreSQL database (`url`), or else the PGlite folder under
 * its `dataDir`.
 */
export async function withSiteDatabase<T>(
  { url, dataDir }: { url?: string; dataDir: string },
  work: (db: Database['prisma']) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir, 'db') });
  try {
    return await work(database.prisma);
  } finally {
    await database.close();
  }
}
