import type { Db } from '../../db/database.ts';
import { isVerified, type AlbumCaller } from './access.ts';
import { coverInclude, type AlbumWithCover } from './present.ts';

/**
 * Every album `user` may see: their own by rank, then those shared with their address (only once it is verified),
 * oldest first. The client tells them apart by owner.
 */
export async function listAlbums(db: Db, user: AlbumCaller): Promise<AlbumWithCover[]> {
  const own = await db.photoAlbum.findMany({
    where: { ownerId: user.id, trashedAt: null },
    orderBy: { rank: 'asc' },
    include: coverInclude,
  });
  if (!isVerified(user)) return own;
  const shared = await db.photoAlbum.findMany({
    where: { ownerId: { not: user.id }, shares: { some: { email: user.email } }, trashedAt: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    include: coverInclude,
  });
  return [...own, ...shared];
}
