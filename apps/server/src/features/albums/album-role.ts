import { Prisma } from '../../db/generated/client.ts';

/**
 * Who may do what with a photo album, written once. The role is decided in SQL (`albumRoleSql`), so one album
 * (`requireAlbum`), the album list, the signed URLs and the comment notices all ask the same expression; what each
 * role may do is the table below.
 */

/** The parts of a user that album access depends on. */
export interface AlbumCaller {
  id: string;
  /** Normalised (trimmed, lower-case), as album shares are stored. */
  email: string;
  emailVerifiedAt: Date | null;
}

/**
 * What a caller is to an album. `viewer` or `contributor` is what a share grants (its `role`, chosen by the owner),
 * once the caller's address is verified; `unverified` is a share whose address is not verified yet: it may do
 * nothing, but the caller is told to verify (403 email_not_verified) rather than meeting a 404. An album in the
 * trash is `none` to everyone.
 */
export type AlbumRole = 'owner' | 'contributor' | 'viewer' | 'unverified' | 'none';

/** The roles that may do anything at all with an album: what a caller who got past `requireAlbum` holds. */
export type ActingRole = Exclude<AlbumRole, 'unverified' | 'none'>;

/**
 * What a request asks to do: `view` (read the album, its photos, comments and zip, mark them seen), `comment`,
 * `add` (photos), `removeOwn` (move a photo the caller added to the owner's trash), `originalsOfOwn` (download the
 * originals of photos the caller added), `originals` (anyone's), `change` (rename, describe, reorder, remove the
 * album or anyone's photos, let others download originals), `share` (see and change who it is shared with).
 */
export type AlbumNeed =
  'view' | 'comment' | 'add' | 'removeOwn' | 'originalsOfOwn' | 'originals' | 'change' | 'share';

const needsOf: Record<AlbumRole, readonly AlbumNeed[]> = {
  owner: ['view', 'comment', 'add', 'removeOwn', 'originalsOfOwn', 'originals', 'change', 'share'],
  contributor: ['view', 'comment', 'add', 'removeOwn', 'originalsOfOwn'],
  viewer: ['view', 'comment'],
  unverified: [],
  none: [],
};

/** Whether `role` may do what `need` asks. */
export const may = (role: AlbumRole, need: AlbumNeed): boolean => needsOf[role].includes(need);

/**
 * Whether `role` may remove this photo: with `change`, any photo; with `removeOwn`, only one `callerId` added (a
 * photo without `addedById` was added by the owner).
 */
export const mayRemoveImage = (
  role: AlbumRole,
  callerId: string,
  image: { addedById: string | null },
): boolean => may(role, 'change') || (may(role, 'removeOwn') && image.addedById === callerId);

/**
 * Whether `role` may download this photo's original: with `originals`, any photo's; with `originalsOfOwn`, one
 * `callerId` added; and whoever may view when the owner lets everyone have the album's originals.
 */
export const mayDownloadOriginal = (
  role: AlbumRole,
  callerId: string,
  album: { allowOriginals: boolean },
  image: { addedById: string | null },
): boolean =>
  may(role, 'originals') ||
  (may(role, 'originalsOfOwn') && image.addedById === callerId) ||
  (may(role, 'view') && album.allowOriginals);

/** Every role that may do what `need` asks: the set a SQL predicate matches. */
export const rolesThatMay = (need: AlbumNeed): AlbumRole[] =>
  (Object.keys(needsOf) as AlbumRole[]).filter((role) => may(role, need));

/**
 * The caller a role is asked for, as SQL: bound values for one caller (`callerSql`), or the columns of a "User"
 * row when a query asks it for many users at once (`userRowSql`).
 */
export interface CallerSql {
  id: Prisma.Sql;
  email: Prisma.Sql;
  verified: Prisma.Sql;
}

export const callerSql = (caller: AlbumCaller): CallerSql => ({
  id: Prisma.sql`${caller.id}::uuid`,
  email: Prisma.sql`${caller.email}`,
  verified: Prisma.sql`${caller.emailVerifiedAt !== null}`,
});

/** `alias` names a "User" row of the surrounding query; it is never user input. */
export function userRowSql(alias: string): CallerSql {
  const u = Prisma.raw(`"${alias}"`);
  return {
    id: Prisma.sql`${u}.id`,
    email: Prisma.sql`${u}.email`,
    verified: Prisma.sql`(${u}."emailVerifiedAt" IS NOT NULL)`,
  };
}

/**
 * The role (an `AlbumRole` as text) of `who` for the "PhotoAlbum" row named `album` in the surrounding query:
 * the owner owns it; a share of it with the caller's address gives them the share's role (viewer or contributor)
 * once that address is verified.
 */
export function albumRoleSql(who: CallerSql, album = 'a'): Prisma.Sql {
  const a = Prisma.raw(`"${album}"`);
  return Prisma.sql`(CASE
    WHEN ${a}."trashedAt" IS NOT NULL THEN 'none'
    WHEN ${a}."ownerId" = ${who.id} THEN 'owner'
    ELSE COALESCE((
      SELECT CASE WHEN ${who.verified} THEN lower(s.role::text) ELSE 'unverified' END
      FROM "AlbumShare" s WHERE s."albumId" = ${a}.id AND s.email = ${who.email}
    ), 'none')
  END)`;
}

/** A SQL predicate: whether a role (a SQL text expression) may do what `need` asks. */
export const roleMaySql = (role: Prisma.Sql, need: AlbumNeed): Prisma.Sql =>
  Prisma.sql`${role} IN (${Prisma.join(rolesThatMay(need))})`;
