import { existsSync } from 'node:fs';
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client.ts';
import { applyMigrations } from './migrate.ts';
import { pgliteOptions } from './pglite-options.ts';

export type Db = PrismaClient;

export interface Database {
  prisma: Db;
  close(): Promise<void>;
}

/** Where the data lives: a PostgreSQL URL, or a PGlite directory (`memory://` for a throwaway one). */
export type DatabaseLocation = { url: string } | { pgliteDir: string };

/** Opens the database, applies pending migrations, and answers a Prisma client over it. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  return 'url' in location ? openPostgres(location.url) : openPglite(location.pgliteDir);
}

async function openPostgres(url: string): Promise<Database> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyMigrations({
      exec: async (sql) => void (await client.query(sql)),
      query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
    });
  } finally {
    await client.end();
  }
  // A connection attempt that hangs (database down or unreachable) fails after a few seconds, answering 503.
  const adapter = new PrismaPg({ connectionString: url, connectionTimeoutMillis: 3000 });
  const prisma = new PrismaClient({ adapter });
  return { prisma, close: () => prisma.$disconnect() };
}

/** Runs initdb for a new data directory inside the worker thread of createPgliteDir, then ends with it. */
const initdbWorker = `
  const { workerData } = await import('node:worker_threads');
  const { PGlite } = await import(workerData.pglite);
  const pglite = new PGlite(workerData.dir, workerData.options);
  await pglite.query('SELECT 1');
  await pglite.close();
`;

/**
 * initdb of a new PGlite directory in a thread of its own: it grows the WebAssembly memory to about 850 MB, which
 * is never given back while its instance lives, so the instance the server keeps opens the finished directory
 * instead (about 250 MB).
 */
async function createPgliteDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const workerData = { dir, options: pgliteOptions, pglite: import.meta.resolve('@electric-sql/pglite') };
  const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(initdbWorker)}`), {
    workerData,
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initdb of ${dir} exited with ${code}`)),
    );
  });
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.includes('://') && !existsSync(path.join(dir, 'PG_VERSION'))) await createPgliteDir(dir);
  const pglite = new PGlite(dir, pgliteOptions);
  await applyMigrations({
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
