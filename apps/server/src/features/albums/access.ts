import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import {
  albumRoleSql,
  callerSql,
  may,
  mayRemoveImage,
  type AlbumCaller,
  type AlbumNeed,
  type AlbumRole,
  type ActingRole,
} from './album-role.ts';
import { albumWithCover, albumWithCoverSql } from './load-album.ts';
import type { AlbumWithCover } from './present.ts';

/**
 * Why `role` may not do what was asked: an album that is neither theirs nor shared with them is a 404, so its
 * existence is never revealed (so is one in the trash); a share waiting for its address to be verified is a 403
 * email_not_verified; a role short of the need is a 403.
 */
export function refusal(role: AlbumRole): AppError {
  if (role === 'none') return notFound('Not Found');
  if (role === 'unverified') {
    return new AppError(
      'email_not_verified',
      'Please verify your email address to view shared photo albums.',
    );
  }
  return forbidden('Only the owner of this photo album may change it');
}

/** The album, with its cover and the caller's role, if the caller's role lets them do what `need` asks. */
export async function requireAlbum(
  db: Db,
  user: AlbumCaller,
  albumId: string,
  need: AlbumNeed,
): Promise<AlbumWithCover & { role: ActingRole }> {
  const [album] = await db.$queryRaw<(AlbumWithCover & { role: AlbumRole })[]>`
    SELECT ${albumWithCoverSql.columns}, ${albumRoleSql(callerSql(user))} AS role
    FROM "PhotoAlbum" a ${albumWithCoverSql.join}
    WHERE a.id = ${albumId}::uuid`;
  const role = album?.role ?? 'none';
  if (!album || !may(role, need)) throw refusal(role);
  // Neither `unverified` nor `none` may do anything, so past the check the role is an acting one.
  return { ...albumWithCover(album), role: role as ActingRole };
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

/**
 * The album and one of its images, if the caller may remove that image (album-role.ts `mayRemoveImage`): a
 * contributor asking for a photo someone else added gets a 403.
 */
export async function requireRemovableImage(db: Db, user: AlbumCaller, albumId: string, imageId: string) {
  const found = await requireImage(db, user, albumId, imageId, 'removeOwn');
  if (!mayRemoveImage(found.album.role, user.id, found.image)) {
    throw forbidden('Only the owner of this photo album may remove photos others added');
  }
  return found;
}

/** Sharing sends mail to other people, so it needs the owner's own address verified first. */
export function requireVerifiedOwner(user: AlbumCaller): void {
  if (user.emailVerifiedAt === null) {
    throw new AppError(
      'email_not_verified',
      'Please verify your email address to enable photo album sharing.',
    );
  }
}
