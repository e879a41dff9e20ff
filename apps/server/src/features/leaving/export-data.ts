import type { Db } from '../../db/database.ts';
import { notificationTypes, type NotificationType } from '../../notifications/types.ts';
import { purgeAt } from '../trash/list-trash.ts';

/** An album as data.json tells it, with the folder of the zip its photos are in. */
export interface AlbumRecord {
  id: string;
  name: string;
  description: string;
  createdAt: Date;
  imageOrder: string;
  allowOriginals: boolean;
  folder: string;
  photos: string[];
}

/** What data.json says of the member's trash: each item as the trash lists it, and where it is in the zip. */
export interface TrashRecord {
  albums: (AlbumRecord & { trashedAt: Date })[];
  photos: { album: string; name: string; trashedAt: Date; fileInThisZip: string }[];
  files: { name: string; isFolder: boolean; place: string; trashedAt: Date; pathInThisZip: string }[];
}

/**
 * data.json of a data export: what the member told the site and did there, readable by a person and by another
 * program. Addresses of the people albums were shared with are the member's own record of whom they shared with.
 * `inTrash` says what the zip's `Trash/` holds: deleted, and purged at `purgeAt` when its `trashMs` in the trash
 * are up, as the trash page says.
 */
export async function exportData(
  db: Db,
  userId: string,
  albums: AlbumRecord[],
  trash: TrashRecord,
  trashMs: number,
) {
  const [user, disabled, shares, comments, passkeys, totp] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        email: true,
        displayName: true,
        createdAt: true,
        emailVerifiedAt: true,
        lastSeenAt: true,
        passwordHash: true,
        permissions: { select: { permission: true } },
      },
    }),
    db.disabledNotification.findMany({ where: { userId }, select: { type: true } }),
    db.albumShare.findMany({
      where: { albumId: { in: [...albums, ...trash.albums].map((a) => a.id) } },
      select: { albumId: true, email: true, role: true, createdAt: true },
      orderBy: [{ createdAt: 'asc' }, { email: 'asc' }],
    }),
    db.imageComment.findMany({
      where: { authorId: userId },
      orderBy: { createdAt: 'asc' },
      select: {
        comment: true,
        createdAt: true,
        modifiedAt: true,
        image: {
          select: {
            originalName: true,
            album: { select: { name: true, owner: { select: { email: true } } } },
          },
        },
      },
    }),
    db.passkey.findMany({
      where: { userId },
      select: { name: true, createdAt: true },
      orderBy: { createdAt: 'asc' },
    }),
    db.totpFactor.findFirst({ where: { userId, confirmedAt: { not: null } }, select: { userId: true } }),
  ]);
  const off = new Set(disabled.map((d) => d.type));
  const albumData = (album: AlbumRecord) => ({
    name: album.name,
    description: album.description,
    createdAt: album.createdAt,
    order: album.imageOrder === 'TAKEN' ? 'by date taken' : 'arranged by hand',
    othersMayDownloadOriginals: album.allowOriginals,
    folderInThisZip: album.folder,
    photos: album.photos,
    sharedWith: shares
      .filter((s) => s.albumId === album.id)
      .map((s) => ({ emailAddress: s.email, role: s.role.toLowerCase(), sharedAt: s.createdAt })),
  });
  const deleted = (trashedAt: Date) => ({ deletedAt: trashedAt, purgeAt: purgeAt(trashedAt, trashMs) });
  return {
    exportedAt: new Date(),
    profile: {
      emailAddress: user.email,
      displayName: user.displayName,
      memberSince: user.createdAt,
      emailVerifiedAt: user.emailVerifiedAt,
      lastSeenAt: user.lastSeenAt,
      permissions: user.permissions.map((p) => p.permission),
    },
    settings: {
      emailNotifications: Object.fromEntries(
        (Object.keys(notificationTypes) as NotificationType[]).map((type) => [type, !off.has(type)]),
      ),
      hasPassword: user.passwordHash !== null,
      passkeys: passkeys.map((p) => ({ name: p.name, addedAt: p.createdAt })),
      authenticatorApp: totp !== null,
    },
    albums: albums.map(albumData),
    commentsWritten: comments.map((c) => ({
      album: c.image.album.name,
      albumOwner: c.image.album.owner.email,
      photo: c.image.originalName,
      comment: c.comment,
      writtenAt: c.createdAt,
      editedAt: c.modifiedAt,
    })),
    inTrash: {
      albums: trash.albums.map((album) => ({ ...albumData(album), ...deleted(album.trashedAt) })),
      photos: trash.photos.map((p) => ({
        album: p.album,
        name: p.name,
        ...deleted(p.trashedAt),
        fileInThisZip: p.fileInThisZip,
      })),
      filesAndFolders: trash.files.map((f) => ({
        name: f.name,
        isFolder: f.isFolder,
        deletedFrom: f.place,
        ...deleted(f.trashedAt),
        pathInThisZip: f.pathInThisZip,
      })),
    },
  };
}
