import type { Db } from '../db/database.ts';
import type { Job } from '../db/generated/client.ts';

/**
 * Claims up to `limit` due jobs for `runnerId` until `lockMs` from now, in one statement. SKIP LOCKED lets two
 * runners claim at once without waiting on or taking each other's rows; a row another runner claimed a moment
 * ago is re-checked after its lock and, now held, left out. Expired claims (a crashed server) count as due.
 */
export async function claimJobs(
  db: Db,
  runnerId: string,
  { limit, lockMs, now = new Date() }: { limit: number; lockMs: number; now?: Date },
): Promise<Job[]> {
  const until = new Date(now.getTime() + lockMs);
  const claimed = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Job" SET "lockedBy" = ${runnerId}, "lockedUntil" = ${until}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "Job"
      WHERE "state" = 'PENDING' AND "runAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "runAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING "id"::text AS id`;
  if (claimed.length === 0) return [];
  return db.job.findMany({ where: { id: { in: claimed.map((c) => c.id) } }, orderBy: { runAt: 'asc' } });
}

/** Gives claims back (a runner stopping before its jobs finished), so another runner takes them at once. */
export async function releaseJobs(db: Db, runnerId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.job.updateMany({
    where: { id: { in: ids }, lockedBy: runnerId },
    data: { lockedBy: null, lockedUntil: null },
  });
}
