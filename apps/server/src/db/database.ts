import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client.ts';
import { serverRoot } from '../paths.ts';
import { applyMigrations, MigrationError, migrationNames } from './migrate.ts';
import { pglitePrepare, poolPrepare, type Prepare } from './prepared.ts';
import { lockPgliteDir, siteHolder } from './pglite-lock.ts';
import { pgliteOptions, pgliteRunner } from './pglite-options.ts';
import { transactionLimits, type TransactionLimits } from './transaction-limits.ts';

export type Db = PrismaClient;

export interface Database {
  prisma: Db;
  /**
   * Prepared statements on the driver under `prisma` (the same pool or PGlite instance), for the one query every
   * logged-in request makes (the session with its user): Prisma's client, and planning, cost more than running it.
   */
  prepare: Prepare;
  /** The migrations this opening applied, oldest first (every one, for a database it created): for the log. */
  migrationsApplied: string[];
  /** The embedded database's own instance, which the live backup snapshots (backups/); null on PostgreSQL. */
  pglite: PGlite | null;
  close(): Promise<void>;
}

/**
 * Where the data lives: a PostgreSQL URL, or a PGlite directory (`memory://` for a throwaway one). A `template`
 * (a tarball from PGlite's dumpDataDir) fills a new directory instead of initdb: tests start from a migrated one.
 */
export type DatabaseLocation = { url: string } | { pgliteDir: string; template?: Blob };

/**
 * Opens the database, applies pending migrations, and answers a Prisma client over it. A PGlite folder is locked
 * for `holder` (named in another opener's refusal) until `close`: DatabaseInUseError while another process has it.
 * Interactive transactions get `transactions` (tests shorten them to run out on purpose).
 */
export async function openDatabase(
  location: DatabaseLocation,
  {
    holder = siteHolder,
    transactions = transactionLimits,
  }: { holder?: string; transactions?: TransactionLimits } = {},
): Promise<Database> {
  return 'url' in location
    ? openPostgres(location.url, transactions)
    : openPglite(location.pgliteDir, location.template, holder, transactions);
}

async function openPostgres(url: string, transactions: TransactionLimits): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let migrationsApplied: string[];
  try {
    migrationsApplied = await applyMigrations({
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    });
  } finally {
    await client.end();
  }
  // A connection attempt that hangs (database down or unreachable) fails after a few seconds, answering 503.
  // A statement waiting on a row lock is not cancelled when its transaction expires: it would hold the request
  // (and its connection) until the lock is free. It gives up as the transaction would, answering 503 (db/busy.ts).
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 3000,
    lock_timeout: transactions.timeout,
  });
  // An idle connection that breaks (the database restarted) leaves the pool; the next query opens another.
  pool.on('error', () => {});
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: transactions,
  });
  return {
    prisma,
    prepare: poolPrepare(pool),
    migrationsApplied,
    pglite: null,
    close: async () => {
      await prisma.$disconnect();
      // Prisma ends the pool only if it ever connected.
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * A new PGlite directory is created and migrated by src/db/pglite-setup.ts in a child process (see there why):
 * the server's own instance then opens a finished directory, idling at about a third of the memory.
 */
async function createPgliteDir(dir: string): Promise<void> {
  const fromSource = import.meta.url.endsWith('.ts');
  const args = fromSource
    ? ['--import', import.meta.resolve('tsx'), path.join(serverRoot, 'src/db/pglite-setup.ts')]
    : [path.join(serverRoot, 'dist/db/pglite-setup.js')];
  const child = spawn(process.execPath, [...args, dir], { stdio: ['ignore', 'inherit', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) {
    throw new MigrationError(`Creating the database in ${dir} failed (exit code ${code}):\n${stderr}`);
  }
}

async function openPglite(
  dir: string,
  template: Blob | undefined,
  holder: string,
  transactions: TransactionLimits,
): Promise<Database> {
  if (dir.includes('://'))
    return pgliteDatabase(new PGlite(dir, { ...pgliteOptions, loadDataDir: template }), transactions);
  await mkdir(path.dirname(dir), { recursive: true });
  // The child locks the folder itself while it creates it; a folder that exists is only opened under the lock.
  const created = !template && !existsSync(path.join(dir, 'PG_VERSION'));
  if (created) await createPgliteDir(dir);
  const lock = await lockPgliteDir(dir, holder);
  const pglite = new PGlite(dir, { ...pgliteOptions, loadDataDir: template });
  try {
    const database = await pgliteDatabase(pglite, transactions, lock.release);
    // The child that created the folder applied them all.
    if (created) database.migrationsApplied = await migrationNames();
    return database;
  } catch (error) {
    // A PGlite that fails to close keeps the lock until this process exits.
    await pglite.close().then(lock.release, () => {});
    throw error;
  }
}

/** Migrates `pglite` and answers it as a Database; `closed` runs once it has closed (not if closing fails). */
async function pgliteDatabase(
  pglite: PGlite,
  transactions: TransactionLimits,
  closed: () => void = () => {},
): Promise<Database> {
  const migrationsApplied = await applyMigrations(pgliteRunner(pglite));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite), transactionOptions: transactions });
  return {
    prisma,
    // PGlite runs a query only between Prisma's transactions (both hold its transaction lock), never inside one.
    prepare: pglitePrepare(pglite),
    migrationsApplied,
    pglite,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
      closed();
    },
  };
}
