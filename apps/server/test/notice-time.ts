import type { TestSite } from './support.ts';

/**
 * Moves the stored clock of the job queue and the notice digests `ms` into the past, as if that much time had
 * gone by: jobs and digests come due, and the hour since the last digest runs down, without waiting.
 */
export async function elapse(site: TestSite, ms: number): Promise<void> {
  const { db } = site.deps;
  await db.$executeRaw`UPDATE "Job" SET "runAt" = "runAt" - ${ms} * interval '1 millisecond'`;
  await db.$executeRaw`
    UPDATE "NoticeDigest" SET "dueAt" = "dueAt" - ${ms} * interval '1 millisecond',
      "lastSentAt" = "lastSentAt" - ${ms} * interval '1 millisecond'`;
}

export const minutes = (n: number) => n * 60 * 1000;
