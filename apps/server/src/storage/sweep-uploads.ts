import type { AppDeps } from '../deps.ts';
import { dropUploads } from './pending-uploads.ts';

/**
 * A multipart upload whose bytes have not moved for this long is forgotten: it may be resumed after a dropped
 * connection or a reload, and its parts can be many GiB the user would not want to send again.
 */
export const abandonedAfterMs = 24 * 60 * 60 * 1000;

/**
 * Any other reserved upload (a photo's slots, a file sent in one PUT) is forgotten an hour after it was reserved:
 * its link lives 15 minutes, and its bytes count against the owner's quota until then.
 */
export const unusedAfterMs = 60 * 60 * 1000;

/**
 * Removes uploads reserved but never turned into a file or an image (a closed tab, a failed upload, a multipart
 * upload given up half-way), gives their owners back the bytes and queues the removal of their bytes and parts,
 * so storage does not fill with orphans. Answers how many were removed.
 */
export async function sweepAbandonedUploads({ db }: Pick<AppDeps, 'db'>, now = Date.now()) {
  const where = {
    OR: [
      { partSize: { not: null }, touchedAt: { lt: new Date(now - abandonedAfterMs) } },
      { partSize: null, touchedAt: { lt: new Date(now - unusedAfterMs) } },
    ],
  };
  let removed = 0;
  for (;;) {
    const batch = await db.pendingUpload.findMany({ where, select: { id: true }, take: 500 });
    if (batch.length === 0) return removed;
    // Once a row is gone nobody can commit the upload, so its bytes are safe to delete: the job is queued with it.
    removed += await db.$transaction((tx) =>
      dropUploads(tx, { id: { in: batch.map((u) => u.id) }, ...where }),
    );
  }
}
