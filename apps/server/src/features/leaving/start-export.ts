import { randomUUID } from 'node:crypto';
import type { DataExport } from '@site/contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { dropExport } from './drop-export.ts';
import { exportState } from './export-state.ts';

/** A preparation this old has failed for good (its job gave up after a day): a new one may replace it. */
const givenUpAfterMs = 24 * 60 * 60 * 1000;

/**
 * Starts the member's data export: one at a time (409 while one is being prepared); a ready one is replaced, its
 * bytes deleted. The zip is built by the 'data-export' job.
 */
export async function startExport(db: Db, userId: string): Promise<DataExport> {
  await db.$transaction(async (tx) => {
    // The user's row is the lock: two starts at once do not both find no export.
    await tx.$queryRaw`SELECT 1 FROM "User" WHERE id = ${userId}::uuid FOR UPDATE`;
    const current = await tx.dataExport.findUnique({ where: { userId } });
    if (current && !current.readyAt && current.requestedAt.getTime() > Date.now() - givenUpAfterMs) {
      throw new AppError(
        'conflict',
        'Your data is already being prepared. We will e-mail you when it is ready.',
      );
    }
    if (current) await dropExport(tx, current);
    await tx.dataExport.create({ data: { userId, blobKey: randomUUID() } });
    await enqueue(tx, 'data-export', { userId });
  });
  return exportState(db, userId);
}
