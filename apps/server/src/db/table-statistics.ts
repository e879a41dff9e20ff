import type { AppDeps } from '../deps.ts';
import type { Db } from './database.ts';

/** How often PGlite's tables are analyzed again; PostgreSQL's autovacuum does it by itself as rows change. */
export const analyzeEveryMs = 60 * 60 * 1000;

/**
 * How long after start the first analysis waits: the statistics are kept in the database across restarts, so a
 * start need not queue its first requests behind a second or two of ANALYZE (10,000 photos, loaded machine).
 */
export const firstAnalyzeAfterMs = 60 * 1000;

/**
 * Gathers the planner's statistics of every table. PGlite runs no autovacuum, so without this its tables are never
 * analyzed and every plan rests on guesses of a row or so per table: a page deep in a 10,000-photo album read the
 * whole rest of the album and sorted it (270 ms), where with statistics it walks the album's index for one page.
 * Through Prisma, so it waits for a transaction in progress rather than running inside it.
 */
export async function analyzeTables(db: Db): Promise<void> {
  await db.$executeRawUnsafe('ANALYZE');
}

/**
 * On PGlite, analyzes the tables {@link firstAnalyzeAfterMs} after start and then every {@link analyzeEveryMs}, off
 * the request path, logging a failure; the timers do not keep the process alive. Answers how to stop them.
 */
export function scheduleTableStatistics({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): () => void {
  const analyze = () =>
    analyzeTables(db).catch((err: unknown) => logger.error({ err }, 'analyzing the tables failed'));
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
