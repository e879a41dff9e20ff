import { loadAlbum } from './load-album.ts';
import type { AlbumWithCover } from './present.ts';
import { lockOwnerAlbums } from './ranks.ts';
import type { AppDeps } from '../../deps.ts';

/** Creates an empty album after the owner's others (rank = how many live ones they have). */
export async function createAlbum(
  { db }: Pick<AppDeps, 'db'>,
  ownerId: string,
  name: string,
): Promise<AlbumWithCover> {
  const id = await db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, ownerId);
    const rank = await tx.photoAlbum.count({ where: { ownerId, trashedAt: null } });
    return (await tx.photoAlbum.create({ data: { ownerId, name, rank }, select: { id: true } })).id;
  });
  return loadAlbum(db, id);
}
