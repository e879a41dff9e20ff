import type { AlbumPatch } from '@site/contract';
import { loadAlbum } from './load-album.ts';
import type { AlbumWithCover } from './present.ts';
import { moveAlbum, moveImage } from './ranks.ts';
import type { AppDeps } from '../../deps.ts';

/** Applies the one change a PATCH carries (name, description, the album's position, or one image's rank). */
export async function updateAlbum(
  { db }: Pick<AppDeps, 'db'>,
  album: { id: string; ownerId: string },
  patch: AlbumPatch,
): Promise<AlbumWithCover> {
  if ('name' in patch) {
    await db.photoAlbum.update({ where: { id: album.id }, data: { name: patch.name } });
  } else if ('description' in patch) {
    await db.photoAlbum.update({ where: { id: album.id }, data: { description: patch.description } });
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
