import type { AlbumPatch } from '@site/contract';
import { loadAlbum } from './load-album.ts';
import type { AlbumWithCover } from './present.ts';
import { moveAlbum, moveImage } from './ranks.ts';
import { storedOrder } from './image-order.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Applies the one change a PATCH carries (name, description, the album's position, one image's rank, or the order
 * of its images). Ranks are kept in either order, so going back to the manual order finds them as they were.
 */
export async function updateAlbum(
  { db }: Pick<AppDeps, 'db'>,
  album: { id: string; ownerId: string },
  patch: AlbumPatch,
): Promise<AlbumWithCover> {
  if ('name' in patch) {
    await db.photoAlbum.update({ where: { id: album.id }, data: { name: patch.name } });
  } else if ('description' in patch) {
    await db.photoAlbum.update({ where: { id: album.id }, data: { description: patch.description } });
  } else if ('order' in patch) {
    await db.photoAlbum.update({ where: { id: album.id }, data: { imageOrder: storedOrder[patch.order] } });
  } else if ('allowOriginals' in patch) {
    await db.photoAlbum.update({ where: { id: album.id }, data: { allowOriginals: patch.allowOriginals } });
  } else if ('position' in patch) {
    await moveAlbum({ db }, album, patch.position);
  } else {
    const [imageId, rank] = patch.imageRank;
    await moveImage({ db }, album.id, imageId, rank);
  }
  return loadAlbum(db, album.id);
}
