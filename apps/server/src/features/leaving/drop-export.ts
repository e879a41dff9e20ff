import type { DataExport, Prisma } from '../../db/generated/client.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { chargeStorage } from '../../storage/usage.ts';

/**
 * Deletes the export row `row` if it is still the member's (not replaced meanwhile), frees its bytes from their
 * storage and queues the removal of the zip. Answers whether it was there.
 */
export async function dropExport(
  tx: Prisma.TransactionClient,
  row: Pick<DataExport, 'userId' | 'blobKey' | 'size'>,
): Promise<boolean> {
  const { count } = await tx.dataExport.deleteMany({ where: { userId: row.userId, blobKey: row.blobKey } });
  if (count === 0) return false;
  await chargeStorage(tx, row.userId, -(row.size ?? 0n));
  await enqueueBlobDeletion(tx, [row.blobKey]);
  return true;
}
