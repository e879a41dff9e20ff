import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { coverInclude, type AlbumWithCover } from './present.ts';

/** An album with its cover as it is now (after a change); 404 when it has gone meanwhile. */
export async function loadAlbum(db: Db, albumId: string): Promise<AlbumWithCover> {
  const album = await db.photoAlbum.findFirst({
    where: { id: albumId, trashedAt: null },
    include: coverInclude,
  });
  if (!album) throw notFound('Not Found');
  return album;
}
