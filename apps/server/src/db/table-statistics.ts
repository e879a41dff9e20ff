import type { AppDeps } from '../deps.ts';
import type { Db } from './database.ts';

/** How often PGlite's tables are vacuumed and analyzed again; PostgreSQL's autovacuum does it by itself. */
export const analyzeEveryMs = 60 * 60 * 1000;

/**
 * How long after start the first pass waits: the statistics are kept in the database across restarts, so a start
 * need not queue its first requests behind a second or two of it (10,000 photos, loaded machine).
 */
export const firstAnalyzeAfterMs = 60 * 1000;

/**
 * A plain VACUUM (not FULL: no table is rewritten or locked against reads) with ANALYZE of every table, one table
 * at a time. PGlite runs no autovacuum, so without this:
 * - its tables are never analyzed and every plan rests on guesses of a row or so per table: a page deep in a
 *   10,000-photo album read the whole rest of the album and sorted it (270 ms), where with statistics it walks the
 *   album's index for one page;
 * - the space of deleted and updated rows (sessions, rate limits, jobs) is never reused: 100,000 rate-limit rows
 *   written, updated and deleted three times grew the table to 62 MB, where with a vacuum after each round it
 *   stayed at 35 MB; and no row is ever frozen against transaction id wraparound.
 * PGlite runs a statement on the event loop, so each one holds every request for its length: one statement per
 * table keeps each hold to one table's, with requests answered between them. Measured at load 12-15 on 2 cores:
 * vacuuming a table after 100,000 rows churned 57-120 ms, after 300,000 250-390 ms (the whole database's ANALYZE,
 * as this did before, 280-550 ms then); the pages a vacuum found all visible are skipped by the next one.
 * Through Prisma, so it waits for a transaction in progress rather than running inside it (VACUUM cannot).
 */
export async function analyzeTables(db: Db): Promise<void> {
  const tables = await db.$queryRaw<{ name: string }[]>`
    SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables ORDER BY relname`;
  for (const { name } of tables) await db.$executeRawUnsafe(`VACUUM (ANALYZE) ${name}`);
}

/**
 * On PGlite, vacuums and analyzes the tables {@link firstAnalyzeAfterMs} after start and then every
 * {@link analyzeEveryMs}, off the request path, logging a failure; the timers do not keep the process alive.
 * Answers how to stop them.
 */
export function scheduleTableStatistics({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): () => void {
  const analyze = () =>
    analyzeTables(db).catch((err: unknown) =>
      logger.error({ err }, 'vacuuming and analyzing the tables failed'),
    );
  let every: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void analyze();
    every = setInterval(() => void analyze(), analyzeEveryMs);
    every.unref();
  }, firstAnalyzeAfterMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
