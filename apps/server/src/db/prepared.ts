import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Prepares `text` under `name` (planned once, then run by name) for queries every request makes, where planning
 * costs as much as running. Parameters are strings; answers the rows.
 */
export type Prepare = <T>(name: string, text: string) => (params: string[]) => Promise<T[]>;

/** On PostgreSQL: pg's named statements, parsed and planned once per pooled connection. */
export function poolPrepare(pool: pg.Pool): Prepare {
  return <T>(name: string, text: string) =>
    async (params: string[]) =>
      (await pool.query({ name, text, values: params })).rows as T[];
}

/** A string as an SQL literal (standard_conforming_strings is on: only quotes need doubling). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * On PGlite: PREPARE once in its one session, then EXECUTE with the parameters as literals (PGlite's query API
 * has no named statements, and EXECUTE takes no bind parameters). Each name is prepared once per instance. Like
 * query(), exec() waits for any transaction Prisma holds open, so it never runs inside one.
 */
export function pglitePrepare(pglite: PGlite): Prepare {
  const prepared = new Map<string, Promise<unknown>>();
  return <T>(name: string, text: string) =>
    async (params: string[]) => {
      let ready = prepared.get(name);
      if (!ready) {
        ready = pglite.exec(`PREPARE ${name} AS ${text}`);
        prepared.set(name, ready);
        // A failure (the database closing) is not kept: the next request prepares again.
        ready.catch(() => prepared.delete(name));
      }
      await ready;
      // The simple protocol: one message, where query() sends five (and costs a third more here).
      const [result] = await pglite.exec(`EXECUTE ${name}(${params.map(literal).join(', ')})`);
      return (result?.rows ?? []) as T[];
    };
}
