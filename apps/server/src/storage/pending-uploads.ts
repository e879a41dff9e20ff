import type { Prisma } from '../db/generated/client.ts';
import type { MultipartRef } from './blob-store.ts';
import { enqueueBlobDeletion } from './delete-blobs.ts';
import type { Db } from '../db/database.ts';
import { chargeStorage, reserveStorage, type QuotaConfig } from './usage.ts';

/**
 * Reserves an upload: its row, with its announced `size` charged to the owner at once (413 and no row when it
 * does not fit the quota), so bytes on their way count as much as bytes stored.
 */
export function reserveUpload(
  db: Db,
  quota: QuotaConfig,
  data: Prisma.PendingUploadUncheckedCreateInput & { size: bigint },
) {
  return db.$transaction(async (tx) => {
    await reserveStorage(tx, data.ownerId, Number(data.size), quota);
    return tx.pendingUpload.create({ data });
  });
}

/**
 * Gives up the pending uploads `where` selects, in `tx`: their rows go (which kills their links), their owners get
 * back the bytes they were charged, and the removal of their bytes and parts is queued. Answers how many went.
 */
export async function dropUploads(tx: Prisma.TransactionClient, where: Prisma.PendingUploadWhereInput) {
  const uploads = await tx.pendingUpload.findMany({
    where,
    select: { id: true, ownerId: true, size: true, multipartId: true },
  });
  if (uploads.length === 0) return 0;
  await tx.pendingUpload.deleteMany({ where: { id: { in: uploads.map((u) => u.id) } } });
  const freed = new Map<string, bigint>();
  for (const u of uploads) freed.set(u.ownerId, (freed.get(u.ownerId) ?? 0n) + (u.size ?? 0n));
  for (const [ownerId, bytes] of freed) await chargeStorage(tx, ownerId, -bytes);
  const multipart: MultipartRef[] = uploads.flatMap((u) =>
    u.multipartId === null ? [] : [{ key: u.id, multipartId: u.multipartId }],
  );
  await enqueueBlobDeletion(
    tx,
    uploads.map((u) => u.id),
    multipart,
  );
  return uploads.length;
}
