import type { AppDeps } from '../deps.ts';
import { enqueueBlobDeletion } from './delete-blobs.ts';

/** Reserved uploads that were never committed are forgotten after this long (signed URLs live 15 minutes). */
export const abandonedAfterMs = 24 * 60 * 60 * 1000;

/**
 * Removes uploads reserved but never turned into a file or an image, whose bytes have not moved for a day (a
 * closed tab, a failed upload, a multipart upload given up half-way), and queues the removal of their bytes and
 * parts, so storage does not fill with orphans. Answers how many were removed.
 */
export async function sweepAbandonedUploads({ db }: Pick<AppDeps, 'db'>, now = Date.now()) {
  const cutoff = new Date(now - abandonedAfterMs);
  let removed = 0;
  for (;;) {
    const batch = await db.pendingUpload.findMany({
      where: { touchedAt: { lt: cutoff } },
      select: { id: true, multipartId: true },
      take: 500,
    });
    if (batch.length === 0) return removed;
    const ids = batch.map((u) => u.id);
    const multipart = batch.flatMap((u) =>
      u.multipartId === null ? [] : [{ key: u.id, multipartId: u.multipartId }],
    );
    // Once a row is gone nobody can commit the upload, so its bytes are safe to delete: the job is queued with it.
    await db.$transaction(async (tx) => {
      await tx.pendingUpload.deleteMany({ where: { id: { in: ids } } });
      await enqueueBlobDeletion(tx, ids, multipart);
    });
    removed += ids.length;
  }
}
