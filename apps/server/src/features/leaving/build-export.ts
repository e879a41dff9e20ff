import type { JobDeps } from '../../jobs/deps.ts';
import { enqueue } from '../../jobs/queue.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { chargeStorage } from '../../storage/usage.ts';
import { inWords } from '../../storage/in-words.ts';
import { zipArchive } from '../../zip/zip-archive.ts';
import { exportEntries } from './export-zip.ts';
import { exportLifetimeMs } from './export-state.ts';

/**
 * The 'data-export' job: writes the member's zip (export-zip.ts) to the blob key their export row holds, then
 * in one transaction marks it ready for `exportLifetimeMs`, charges its bytes to their storage, mails them, and
 * queues its expiry. An export cancelled meanwhile (the account deleted, a stale one replaced) has its bytes
 * queued for deletion. Run twice, the second run finds it ready and does nothing, or, when both ran at once,
 * leaves the first one's result alone.
 */
export async function buildExport(deps: JobDeps, { userId }: { userId: string }): Promise<void> {
  const { db, blobs } = deps;
  const row = await db.dataExport.findUnique({
    where: { userId },
    include: { user: { select: { email: true } } },
  });
  if (!row || row.readyAt) return;
  const archive = await zipArchive(blobs, await exportEntries(deps, userId));
  const size = BigInt(await blobs.writeStream(row.blobKey, archive.stream, 'application/zip'));
  const readyAt = new Date();
  const expiresAt = new Date(readyAt.getTime() + exportLifetimeMs);
  await db.$transaction(async (tx) => {
    const { count } = await tx.dataExport.updateMany({
      where: { userId, blobKey: row.blobKey, readyAt: null },
      data: { size, readyAt, expiresAt },
    });
    if (count === 0) {
      // A second run of a long job (its claim ran out) may have finished it; else it was cancelled.
      const ready = await tx.dataExport.count({ where: { blobKey: row.blobKey } });
      if (ready === 0) await enqueueBlobDeletion(tx, [row.blobKey]);
      return;
    }
    await chargeStorage(tx, userId, size);
    await enqueue(tx, 'expire-export', { userId, blobKey: row.blobKey }, { runAt: expiresAt });
    await enqueue(tx, 'account-notice', {
      to: row.user.email,
      subject: 'Your data is ready to download',
      lines: [
        `The copy of your albums, files and details you asked for is ready (${inWords(Number(size))}).`,
        `You can download it for 7 days, while signed in to your account. After that it is deleted.`,
        'If you did not ask for it, change your password: someone else may be signed in to your account.',
      ],
      action: { label: 'Download your data', path: '/profile#your-data' },
    });
  });
}
