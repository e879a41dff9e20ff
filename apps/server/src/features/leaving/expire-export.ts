import type { JobDeps } from '../../jobs/deps.ts';
import { dropExport } from './drop-export.ts';

/** The 'expire-export' job: the export's link has stopped working; its bytes go, unless it was replaced. */
export async function expireExport(
  { db }: Pick<JobDeps, 'db'>,
  { userId, blobKey }: { userId: string; blobKey: string },
): Promise<void> {
  await db.$transaction(async (tx) => {
    const row = await tx.dataExport.findFirst({ where: { userId, blobKey, expiresAt: { lte: new Date() } } });
    if (row) await dropExport(tx, row);
  });
}
