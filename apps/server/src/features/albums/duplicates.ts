import type { Db } from '../../db/database.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';

/** Live photos only: one in the trash may be added again (it is gone from the album as its people see it). */
const live = (albumId: string, hashes: string[]): Prisma.ImageWhereInput => ({
  albumId,
  trashedAt: null,
  contentHash: { in: hashes },
});

/** Which of `hashes` a live photo of the album has, so the browser can skip those files before uploading them. */
export async function presentHashes(
  db: Pick<Db, 'image'> | Prisma.TransactionClient,
  albumId: string,
  hashes: string[],
): Promise<string[]> {
  const rows = await db.image.findMany({
    where: live(albumId, [...new Set(hashes)]),
    select: { contentHash: true },
    distinct: ['contentHash'],
  });
  return rows.flatMap((row) => (row.contentHash ? [row.contentHash] : []));
}

/** Whether a live photo of the album has this hash; asked under the album's lock, so two adds cannot both pass. */
export async function isDuplicate(tx: Prisma.TransactionClient, albumId: string, hash: string) {
  return (await tx.image.count({ where: live(albumId, [hash]) })) > 0;
}

export const duplicatePhoto = () => new AppError('conflict', 'This photo is already in this album.');
