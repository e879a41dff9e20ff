import type { Prisma } from '../db/generated/client.ts';
import type { DigestKey } from '../jobs/kinds.ts';
import { enqueue } from '../jobs/queue.ts';

/**
 * Batched notices (DESIGN.md "Notices are batched"): events are tallied in one NoticeDigest row per recipient,
 * album and notification type, and one job mails the tally once the events have paused for `quietMs`, never
 * sooner than `minGapMs` after the previous mail of the same digest. Each event pushes the job back.
 */
export const quietMs = 10 * 60 * 1000;
export const minGapMs = 60 * 60 * 1000;

export type { DigestKey };

/** Untold events per member who caused them (`tallyKey`). */
export type Tally = Record<string, number>;

/** One event: who caused it, if it is about one photo, which, and whether it was a video (counted apart). */
export interface DigestEvent {
  actorId: string;
  imageId?: string;
  video?: boolean;
}

/** Where a tally counts an event: under its member's id, videos under `<id>/video`. */
export const tallyKey = ({ actorId, video }: DigestEvent) => (video ? `${actorId}/video` : actorId);

/** The member and kind a tally key counts. */
export const readTallyKey = (key: string) => ({ actorId: key.split('/')[0]!, video: key.endsWith('/video') });

/** When a digest is due after an event at `now`: the end of the quiet period, or an hour after the last mail. */
export const dueAfter = (now: Date, lastSentAt: Date | null): Date =>
  new Date(Math.max(now.getTime() + quietMs, (lastSentAt?.getTime() ?? 0) + minGapMs));

/**
 * Tallies one event for each recipient in `keys`, in the transaction that makes the event, so the notice exists
 * if and only if the event commits. Keys are taken in one order so two transactions tallying for the same
 * recipients cannot deadlock.
 */
export async function tallyForDigests(
  tx: Prisma.TransactionClient,
  keys: DigestKey[],
  event: DigestEvent,
  now = new Date(),
): Promise<void> {
  const ordered = [...keys].sort((a, b) =>
    `${a.recipientId}/${a.albumId}/${a.type}`.localeCompare(`${b.recipientId}/${b.albumId}/${b.type}`),
  );
  for (const key of ordered) await tallyOne(tx, key, event, now);
}

async function tallyOne(tx: Prisma.TransactionClient, key: DigestKey, event: DigestEvent, now: Date) {
  const { imageId } = event;
  const counted = tallyKey(event);
  // Inserting or touching the row locks it until commit: a second event for the same digest waits here, then
  // sees the first one's tally and job, so there is one pending job per digest however many servers there are.
  const [row] = await tx.$queryRaw<
    { pending: Tally; imageId: string | null; lastSentAt: Date | null; jobId: string | null }[]
  >`
    INSERT INTO "NoticeDigest" ("recipientId", "albumId", "type", "dueAt")
    VALUES (${key.recipientId}::uuid, ${key.albumId}::uuid, ${key.type}, ${now})
    ON CONFLICT ("recipientId", "albumId", "type") DO UPDATE SET "type" = EXCLUDED."type"
    RETURNING "pending", "imageId"::text AS "imageId", "lastSentAt", "jobId"::text AS "jobId"`;
  if (!row) throw new Error('notice digest upsert answered no row');
  const first = Object.keys(row.pending).length === 0;
  const pending: Tally = { ...row.pending, [counted]: (row.pending[counted] ?? 0) + 1 };
  const about = (first || row.imageId === imageId) && imageId ? imageId : null;
  const dueAt = dueAfter(now, row.lastSentAt);
  // A job a runner has claimed may already have read the tally; it must not be trusted with this event, so only
  // an unclaimed pending job is pushed back, and otherwise a new one is made (the digest job sends once).
  const pushed = row.jobId
    ? await tx.job.updateMany({
        where: { id: row.jobId, kind: 'notice-digest', state: 'PENDING', lockedBy: null },
        data: { runAt: dueAt },
      })
    : { count: 0 };
  const jobId = pushed.count > 0 ? row.jobId : await enqueue(tx, 'notice-digest', key, { runAt: dueAt });
  await tx.noticeDigest.update({
    where: { recipientId_albumId_type: key },
    data: { pending, imageId: about, dueAt, jobId },
  });
}
