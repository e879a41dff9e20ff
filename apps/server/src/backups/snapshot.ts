import type { PGlite, Transaction } from '@electric-sql/pglite';
import { blobColumns, namesBlobText } from '../db/blob-columns.ts';

/** One consistent moment of an embedded database: its data folder, and what its rows held then. */
export interface Snapshot {
  /** PGlite's tarball of its data folder (dumpDataDir), uncompressed: compressing it in the lock took longer. */
  dump: Blob;
  /** Rows per table. */
  counts: Record<string, number>;
  /** Every blob key a row of db/blob-columns.ts refers to, each once, sorted. */
  blobKeys: string[];
  /** Applied migrations, oldest first. */
  migrations: string[];
}

/**
 * Takes a snapshot of the open `pglite` without stopping anything. Every query and every Prisma transaction holds
 * PGlite's transaction lock, and this holds it too, so nothing writes while the counts and keys are read and the
 * folder is dumped: the dump falls between two transactions. It copies the files of a PostgreSQL that is idle,
 * whose committed work is in its write-ahead log, so opening the copy replays that log as after a power cut and
 * finds exactly what had been committed; the counts taken in the same lock are what it must then hold.
 */
export async function takeSnapshot(pglite: PGlite): Promise<Snapshot> {
  // A checkpoint first leaves the copy little log to replay; it runs before the lock, writes go on meanwhile.
  await pglite.exec('CHECKPOINT');
  return pglite.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION READ ONLY');
    const counts = await countRows(tx);
    const blobKeys = await referencedBlobKeys(tx);
    const migrations = (
      await tx.query<{ migration_name: string }>(
        'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY 1',
      )
    ).rows.map((r) => r.migration_name);
    // dumpDataDir waits only for the query lock, which the transaction does not hold between its statements. Its
    // own gzip would run in the lock (4 of 6.5 s for a 216 MB folder); writeArchive compresses it afterwards.
    const dump = await pglite.dumpDataDir('none');
    return { dump, counts, blobKeys, migrations };
  });
}

/** Rows in every table of the public schema (Prisma's migration table included). */
export async function countRows(db: Pick<Transaction, 'query'>): Promise<Record<string, number>> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  if (tables.length === 0) return {};
  const sql = tables
    .map((t) => `SELECT '${t}' AS name, count(*)::int AS rows FROM "${t.replaceAll('"', '""')}"`)
    .join(' UNION ALL ');
  const rows = (await db.query<{ name: string; rows: number }>(sql)).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.rows]));
}

/** Every blob key the rows refer to, per db/blob-columns.ts. */
export async function referencedBlobKeys(db: Pick<Transaction, 'query'>): Promise<string[]> {
  const sql = blobColumns
    .map((c) => `SELECT "${c.key}"::text AS key FROM "${c.table}" WHERE ${namesBlobText(c)}`)
    .join(' UNION ');
  return (await db.query<{ key: string }>(`${sql} ORDER BY 1`)).rows.map((r) => r.key);
}
