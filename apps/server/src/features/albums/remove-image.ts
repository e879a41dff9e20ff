import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { lockAlbumImages } from './ranks.ts';

/** Deletes an image (its comments and views cascade); later images move up one rank; the removal of its blobs is queued in the same transaction. */
export async function removeImage(deps: AppDeps, albumId: string, imageId: string): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    const found = await tx.image.findFirst({ where: { id: imageId, albumId } });
    if (!found) throw notFound('Not Found');
    await tx.image.delete({ where: { id: imageId } });
    await tx.image.updateMany({
      where: { albumId, rank: { gt: found.rank } },
      data: { rank: { decrement: 1 } },
    });
    await enqueueBlobDeletion(tx, [found.id, found.thumbnailId, found.renditionId]);
  });
}
