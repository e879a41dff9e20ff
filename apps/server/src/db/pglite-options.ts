import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import type { SqlRunner } from './migrate.ts';

/**
 * PostgreSQL's memory settings sized for a family site on one machine (defaults: 128 MB shared buffers, 4 MB
 * work_mem). PGlite keeps its memory for the life of the process, so these set most of the server's idle RSS.
 */
export const pgliteOptions: PGliteOptions = {
  postgresqlconf: [
    'shared_buffers = 16MB',
    'work_mem = 2MB',
    'maintenance_work_mem = 8MB',
    'wal_buffers = 1MB',
  ],
};

/** Migrating over a PGlite instance. */
export function pgliteRunner(pglite: PGlite): SqlRunner {
  return {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
}
