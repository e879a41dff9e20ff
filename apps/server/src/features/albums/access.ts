import type { Prisma } from '../../db/generated/client.ts';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { coverInclude } from './present.ts';

/** The parts of a user that album access depends on. */
export interface AlbumCaller {
  id: string;
  /** Normalised (trimmed, lower-case), as album shares are stored. */
  email: string;
  emailVerifiedAt: Date | null;
}

/** `view` is reading (owner, or a verified user the album is shared with); `own` is any change (owner only). */
export type AlbumNeed = 'view' | 'own';

export const isVerified = (user: AlbumCaller) => user.emailVerifiedAt !== null;

/**
 * A Prisma filter for the albums `user` may view: their own, and with a verified address those shared with it;
 * never one in the trash.
 */
export function viewableBy(user: AlbumCaller): Prisma.PhotoAlbumWhereInput {
  if (!isVerified(user)) return { ownerId: user.id, trashedAt: null };
  return { trashedAt: null, OR: [{ ownerId: user.id }, { shares: { some: { email: user.email } } }] };
}

/**
 * The album if `user` may do what `need` asks. An album that is neither theirs nor shared with them is a 404, so
 * its existence is never revealed (so is one in the trash); a shared album needs a verified address (403 email_not_verified); a change by
 * anyone but the owner is a 403.
 */
export async function requireAlbum(db: Db, user: AlbumCaller, albumId: string, need: AlbumNeed) {
  const album = await db.photoAlbum.findFirst({
    where: { id: albumId, trashedAt: null },
    include: { ...coverInclude, shares: { where: { email: user.email }, select: { email: true } } },
  });
  if (!album) throw notFound('Not Found');
  if (album.ownerId === user.id) return album;
  if (album.shares.length === 0) throw notFound('Not Found');
  if (!isVerified(user)) {
    throw new AppError('email_not_verified', 'Please verify your email address to view shared photo albums.');
  }
  if (need === 'own') throw forbidden('Only the owner of this photo album may change it');
  return album;
}

/** The album and one of its images, under the same rules as `requireAlbum`; an image of another album is a 404. */
export async function requireImage(
  db: Db,
  user: AlbumCaller,
  albumId: string,
  imageId: string,
  need: AlbumNeed,
) {
  const album = await requireAlbum(db, user, albumId, need);
  const image = await db.image.findFirst({ where: { id: imageId, albumId, trashedAt: null } });
  if (!image) throw notFound('Not Found');
  return { album, image };
}

/** Sharing sends mail to other people, so it needs the owner's own address verified first. */
export function requireVerifiedOwner(user: AlbumCaller): void {
  if (!isVerified(user)) {
    throw new AppError(
      'email_not_verified',
      'Please verify your email address to enable photo album sharing.',
    );
  }
}
