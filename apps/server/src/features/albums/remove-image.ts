import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { lockAlbumImages } from './ranks.ts';

/**
 * Moves an image to the owner's trash: it gives up its rank (-1, remembering the old one for a restore) and later
 * images move up one, so ranks stay dense among the live ones. Its rows and blobs stay until it is deleted forever or purged (features/trash).
 */
export async function removeImage(deps: AppDeps, albumId: string, imageId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    const found = await tx.image.findFirst({ where: { id: imageId, albumId, trashedAt: null } });
    if (!found) throw notFound('Not Found');
    await tx.image.update({
      where: { id: imageId },
      data: { trashedAt: new Date(), rank: -1, trashedRank: found.rank },
    });
    await tx.image.updateMany({
      where: { albumId, rank: { gt: found.rank } },
      data: { rank: { decrement: 1 } },
    });
  });
}
