import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/client.ts';
import { applyMigrations } from './migrate.ts';

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
      query: async (sql, params) => (await client.query(sql, params)).rows,
    });
  } finally {
    await client.end();
  }
  // A connection attempt that hangs (database down or unreachable) fails after a few seconds, answering 503.
  const adapter = new PrismaPg({ connectionString: url, connectionTimeoutMillis: 3000 });
  const prisma = new PrismaClient({ adapter });
  return { prisma, close: () => prisma.$disconnect() };
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.includes('://')) await mkdir(dir, { recursive: true });
  const pglite = new PGlite(dir);
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
