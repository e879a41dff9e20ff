import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { discardBlobs } from './discard-blobs.ts';
import { lockAlbumImages } from './ranks.ts';

/** Deletes an image (its comments and views cascade); later images move up one rank. Its blobs go after the commit. */
export async function removeImage(deps: AppDeps, albumId: string, imageId: string): Promise<void> {
  const image = await deps.db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    const found = await tx.image.findFirst({ where: { id: imageId, albumId } });
    if (!found) throw notFound('Not Found');
    await tx.image.delete({ where: { id: imageId } });
    await tx.image.updateMany({
      where: { albumId, rank: { gt: found.rank } },
      data: { rank: { decrement: 1 } },
    });
    return found;
  });
  await discardBlobs(deps, [image.id, image.thumbnailId]);
}
