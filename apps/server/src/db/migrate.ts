import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../paths.ts';

/** The few SQL calls migrating needs, served by both PGlite and a PostgreSQL client. */
export interface SqlRunner {
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export const migrationsDir = path.join(repoRoot, 'prisma/migrations');

// Prisma's own bookkeeping table, so `prisma migrate deploy` agrees with what was applied here.
const bookkeeping = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Any number; it only has to be the same for every app server racing to migrate one database. */
const migrationLockKey = 7_305_411;

/**
 * Applies every prisma/migrations/<name>/migration.sql not yet recorded, in name order, each in its own
 * transaction. An advisory lock keeps app servers that start together from applying one twice.
 * Answers the names it applied.
 */
export async function applyMigrations(db: SqlRunner, dir = migrationsDir): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  await db.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
  try {
    await db.exec(bookkeeping);
    const done = new Set(
      (
        await db.query<{ migration_name: string }>(
          'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
        )
      ).map((r) => r.migration_name),
    );
    const applied: string[] = [];
    for (const name of names.filter((n) => !done.has(n))) {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      await db.exec('BEGIN');
      try {
        await db.exec(sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
          [randomUUID(), checksum, name],
        );
        await db.exec('COMMIT');
      } catch (error) {
        await db.exec('ROLLBACK');
        throw new Error(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
    }
    return applied;
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
  }
}
