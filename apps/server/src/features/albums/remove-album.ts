import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { dropUploads } from '../../storage/pending-uploads.ts';
import { lockOwnerAlbums } from './ranks.ts';

/**
 * Moves an album with its images to the owner's trash: hidden from the owner and every sharee, its rank given up
 * (-1) so the owner's later albums move up one. Its rows and blobs stay until it is deleted forever or purged
 * (features/trash); its unfinished uploads go now, as nothing can be added to a trashed album.
 */
export async function removeAlbum(deps: AppDeps, album: { id: string; ownerId: string }): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, album.ownerId);
    const current = await tx.photoAlbum.findFirst({
      where: { id: album.id, trashedAt: null },
      select: { rank: true },
    });
    if (!current) throw notFound('Not Found');
    await dropUploads(tx, { kind: 'IMAGE', albumId: album.id });
    await tx.photoAlbum.update({ where: { id: album.id }, data: { trashedAt: new Date(), rank: -1 } });
    await tx.photoAlbum.updateMany({
      where: { ownerId: album.ownerId, rank: { gt: current.rank } },
      data: { rank: { decrement: 1 } },
    });
  });
}
