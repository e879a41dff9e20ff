import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { lockAlbumImages, lockOwnerAlbums } from './ranks.ts';

/**
 * Deletes an album with its images, comments, shares and views (the schema cascades), and its unfinished uploads;
 * the owner's later albums move up one rank. The removal of their blobs is queued in the same transaction.
 */
export async function removeAlbum(deps: AppDeps, album: { id: string; ownerId: string }): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, album.ownerId);
    // An image being added meanwhile is either committed before the read below or finds the album gone.
    await lockAlbumImages(tx, album.id);
    const current = await tx.photoAlbum.findUnique({
      where: { id: album.id },
      select: { rank: true, images: { select: { id: true, thumbnailId: true, renditionId: true } } },
    });
    if (!current) throw notFound('Not Found');
    const pending = await tx.pendingUpload.findMany({
      where: { kind: 'IMAGE', albumId: album.id },
      select: { id: true },
    });
    await tx.pendingUpload.deleteMany({ where: { kind: 'IMAGE', albumId: album.id } });
    await tx.photoAlbum.delete({ where: { id: album.id } });
    await tx.photoAlbum.updateMany({
      where: { ownerId: album.ownerId, rank: { gt: current.rank } },
      data: { rank: { decrement: 1 } },
    });
    await enqueueBlobDeletion(tx, [
      ...current.images.flatMap((i) => [i.id, i.thumbnailId, i.renditionId]),
      ...pending.map((p) => p.id),
    ]);
  });
}
