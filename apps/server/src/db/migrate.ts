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

/** The database and this build disagree about migrations; the server must not start on it. */
export class MigrationError extends Error {}

/** The migrations this build ships: name to the checksum of its SQL, in the order they apply. */
async function migrationFiles(dir: string): Promise<Map<string, { sql: string; checksum: string }>> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const files = new Map<string, { sql: string; checksum: string }>();
  for (const name of names) {
    const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
    files.set(name, { sql, checksum: createHash('sha256').update(sql).digest('hex') });
  }
  return files;
}

/** The migrations a database has finished, name to stored checksum. */
async function appliedMigrations(db: Pick<SqlRunner, 'query'>): Promise<Map<string, string>> {
  const rows = await db.query<{ migration_name: string; checksum: string }>(
    'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
  );
  return new Map(rows.map((r) => [r.migration_name, r.checksum]));
}

/**
 * Refuses a database whose history differs from this build's: an applied migration edited since (its change
 * would silently never run) or applied migrations this build lacks (an older build on a newer database).
 */
function assertNoDrift(files: Map<string, { checksum: string }>, applied: Map<string, string>): void {
  const unknown = [...applied.keys()].filter((name) => !files.has(name));
  if (unknown.length > 0) {
    throw new MigrationError(
      `The database has migrations this build does not have: ${unknown.join(', ')}. A newer build migrated it; ` +
        'run that build (or a newer one) instead.',
    );
  }
  for (const [name, stored] of applied) {
    const file = files.get(name)!.checksum;
    if (file !== stored) {
      throw new MigrationError(
        `Migration ${name} was changed after it was applied (checksum in the database ${stored.slice(0, 12)}…, ` +
          `in prisma/migrations ${file.slice(0, 12)}…). Put the file back as it was applied ` +
          `(git log -- prisma/migrations/${name}) and make the change in a new migration.`,
      );
    }
  }
}

/** The names of the migrations in `dir`, oldest first. */
export async function migrationNames(dir = migrationsDir): Promise<string[]> {
  return [...(await migrationFiles(dir)).keys()];
}

/**
 * Applies every prisma/migrations/<name>/migration.sql not yet recorded, in name order, each in its own
 * transaction, after checking that the applied ones are unchanged (MigrationError otherwise). An advisory lock
 * keeps app servers that start together from applying one twice. Answers the names it applied.
 */
export async function applyMigrations(db: SqlRunner, dir = migrationsDir): Promise<string[]> {
  const files = await migrationFiles(dir);
  await db.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
  try {
    await db.exec(bookkeeping);
    const done = await appliedMigrations(db);
    assertNoDrift(files, done);
    const applied: string[] = [];
    for (const [name, { sql, checksum }] of files) {
      if (done.has(name)) continue;
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
        throw new MigrationError(`migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(name);
    }
    return applied;
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]);
  }
}

/** This build's migrations the database has not finished (empty when it is up to date). */
export async function unappliedMigrations(
  db: Pick<SqlRunner, 'query'>,
  dir = migrationsDir,
): Promise<string[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  const applied = await appliedMigrations(db);
  return names.filter((name) => !applied.has(name)).sort();
}
