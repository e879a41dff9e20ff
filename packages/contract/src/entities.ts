import { z } from 'zod';
import { atLeast, atMost, EmailAddress, Id, Text, Timestamp, visibleOnly } from './common.ts';
import { OriginalFile } from './originals.ts';

/** Names of permissions; `admin` and `files` are the ones the product knows. */
export const PermissionName = Text().min(1, atLeast(1)).max(64, atMost(64));

export const Permission = z.object({ name: PermissionName, description: z.string() });
export type Permission = z.infer<typeof Permission>;

/** A notification type key, e.g. `album_shared`. */
export const NotificationType = Text().min(1, atLeast(1)).max(64, atMost(64));

/** The current user as `GET /api/me` answers it. */
export const User = z.object({
  userId: Id,
  emailAddress: z.string(),
  isEmailVerified: z.boolean(),
  permissions: z.array(PermissionName),
  displayName: z.string(),
  disabledNotifications: z.array(NotificationType),
  /** True while an admin acts as this user. */
  maintenanceMode: z.boolean(),
});
export type User = z.infer<typeof User>;

/**
 * How much a user stores (files, photos with their renditions, uploads under way, the trash) and may store, in
 * bytes.
 */
export const StorageUse = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(0),
});
export type StorageUse = z.infer<typeof StorageUse>;

/** A user as an admin looks them up. */
export const AdminUser = z.object({
  userId: Id,
  emailAddress: z.string(),
  isEmailVerified: z.boolean(),
  permissions: z.array(PermissionName),
  storage: StorageUse.extend({
    /** The quota an admin set for this user; null while the configured default applies. */
    ownQuotaBytes: z.number().int().min(0).nullable(),
  }),
  /** A passkey or authenticator-app codes are asked after the password. */
  secondFactor: z.boolean(),
  /** Disabled by an admin: no sessions, and nothing signs the account in. */
  disabled: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** One row of the admin's list of members. */
export const MemberRow = z.object({
  userId: Id,
  emailAddress: z.string(),
  displayName: z.string(),
  permissions: z.array(PermissionName),
  /** What the member stores, from their storage counter. */
  usedBytes: z.number().int().min(0),
  /**
   * When the member last used the site, to within five minutes, kept after their sessions end; an admin acting as
   * them does not count. Null when they never signed in.
   */
  lastSeenAt: Timestamp.nullable(),
  secondFactor: z.boolean(),
  disabled: z.boolean(),
});
export type MemberRow = z.infer<typeof MemberRow>;

/** One account an audit row names; the address is null once the account is gone. */
const AuditAccount = z.object({ userId: Id, emailAddress: z.string().nullable() });

/** One line of the maintenance-mode audit log: an admin entering it, or a change made while acting as a member. */
export const AuditEntry = z.object({
  id: Id,
  at: Timestamp,
  admin: AuditAccount,
  member: AuditAccount,
  method: z.string(),
  path: z.string(),
  /** The answer's HTTP status; null while the request ran or when the server stopped before answering. */
  status: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** One member in the admin's storage overview. */
export const MemberStorage = StorageUse.extend({
  userId: Id,
  emailAddress: z.string(),
  displayName: z.string(),
});
export type MemberStorage = z.infer<typeof MemberStorage>;

/** How an album lists its photos: `manual` by the owner's ranks (the default), `taken` by capture date. */
export const ImageOrder = z.enum(['manual', 'taken']);
export type ImageOrder = z.infer<typeof ImageOrder>;

export const PhotoAlbum = z.object({
  photoAlbumId: Id,
  ownerId: Id,
  name: z.string(),
  description: z.string(),
  /**
   * The thumbnail of the album's first image by rank that has one (a video kept without a poster has none), or
   * null when no image has one (an empty album).
   */
  thumbnailId: Id.nullable(),
  /** Whether the album has no images: without it, an album of videos kept without posters would look empty. */
  isEmpty: z.boolean(),
  /** Dense position among the owner's albums, from 0. */
  rank: z.number().int().min(0),
  createdAt: Timestamp,
  /**
   * The order of the album's images (list, viewer, zip): `taken` puts them by capture date, those without one
   * after the rest in the order they were added.
   */
  order: ImageOrder,
  /** The owner's display name (list answer only), so a shared album can say who shared it. */
  ownerName: z.string().optional(),
  /**
   * Shared with the caller and never opened by them (list answer only); false for their own albums.
   */
  isNew: z.boolean().optional(),
  /**
   * Images added since the caller last opened the album, all of them when never opened (list answer only); 0 for
   * their own albums.
   */
  newImages: z.number().int().min(0).optional(),
  /**
   * What the caller is to the album (the list, and answers about one album: get, create, update): its owner, a
   * contributor (may add photos and remove the ones they added) or a viewer.
   */
  role: z.enum(['owner', 'contributor', 'viewer']).optional(),
  /**
   * Whether everyone it is shared with may download the photos' originals (set by the owner); without it only the
   * owner and, for the photos they added, a contributor may.
   */
  allowOriginals: z.boolean(),
});
export type PhotoAlbum = z.infer<typeof PhotoAlbum>;

export const Image = z.object({
  imageId: Id,
  photoAlbumId: Id,
  /**
   * The thumbnail JPEG; null for a video kept without a poster (the browser that added it could not decode it):
   * then the item has no JPEGs at all, `imageId` names no file, and it is shown as a plain video tile.
   */
  thumbnailId: Id.nullable(),
  /** Dense position within the album, from 0. */
  rank: z.number().int().min(0),
  /**
   * The screen-sized JPEG (about 1600 px on the long side) a viewer shows before the full size; its URL comes from
   * signed-urls like the others. Null when there is none (older images, small ones): show the full size.
   */
  renditionId: Id.nullable(),
  /** When the photo was taken, from its EXIF; null when it did not say. */
  takenAt: Timestamp.nullable(),
  /**
   * Who added the photo (image list and add answers): a contributor, or the owner; null for photos added before
   * albums had contributors, which are the owner's.
   */
  addedBy: z.object({ userId: Id, displayName: z.string() }).nullable().optional(),
  /**
   * Whether the photo is new to the caller (image list only): added by someone else since the opening before the
   * current batch of marks began, or the album was never opened; always false in the caller's own album. Opening the
   * album keeps the marks, so they stay while the caller looks around; an opening begins a new batch when photos
   * were added since the last opening (the ones the album list counts) or after 30 minutes unopened.
   */
  isNew: z.boolean().optional(),
  /**
   * The file as it was picked, kept beside the JPEGs: its name, type and size; null for photos added before
   * originals were kept. Who may download it: see the downloadOriginal route.
   */
  original: OriginalFile.nullable(),
  /**
   * Set when the item is a video: its JPEGs (full size, rendition, thumbnail) are its poster frame, and `videoId`
   * is the video itself as uploaded (the original), whose URL signed-urls gives whoever may view the album, to
   * play it with seeking (the store answers Range requests). Null for a photo.
   */
  video: z.object({ videoId: Id, durationMs: z.number().int().min(0) }).nullable(),
});
export type Image = z.infer<typeof Image>;

export const ImageComment = z.object({
  imageCommentId: Id,
  imageId: Id,
  displayName: z.string(),
  comment: z.string(),
  createdAt: Timestamp,
  modifiedAt: Timestamp.nullable(),
});
export type ImageComment = z.infer<typeof ImageComment>;

/** The e-mail addresses an album is shared with. */
export const Shares = z.array(EmailAddress);
export type Shares = z.infer<typeof Shares>;

/** What a share lets its holder do: `viewer` (the default) sees and comments; `contributor` also adds photos. */
export const ShareRole = z.enum(['viewer', 'contributor']);
export type ShareRole = z.infer<typeof ShareRole>;

/** The addresses an album is shared with, each with the role its share grants. */
export const ShareRoles = z.array(z.object({ emailAddress: EmailAddress, role: ShareRole }));
export type ShareRoles = z.infer<typeof ShareRoles>;

export const FileNode = z.object({
  nodeId: Id,
  /** Null for a root folder. */
  parentId: Id.nullable(),
  name: z.string(),
  /** Bytes; a folder's size is the sum of its descendants. */
  size: z.number().int().min(0),
  isDirectory: z.boolean(),
});
export type FileNode = z.infer<typeof FileNode>;

/** A file or folder name: no path separators, not `.` or `..`. */
export const NodeName = Text()
  .trim()
  .min(1, atLeast(1))
  .max(255, atMost(255))
  .refine((n) => !/[/\\\0]/.test(n) && n !== '.' && n !== '..', 'not a valid name')
  .refine(...visibleOnly);

/** A file upload sent in one PUT to the URL `files.uploadUrl` signs; its contents are the upload id. */
export const SinglePart = z.object({ tag: z.literal('SinglePart'), contents: Id });
export type SinglePart = z.infer<typeof SinglePart>;

/**
 * A large file upload, sent in parts of `partSize` bytes (the last one shorter) numbered from 1 to `partCount`,
 * each PUT to a URL `files.partUrls` signs, in any order and in parallel. `files.uploadParts` says which parts
 * are stored already (a resumed upload sends only the rest); `files.createFile` joins them.
 */
export const MultiPart = z.object({
  tag: z.literal('MultiPart'),
  contents: z.object({
    uploadId: Id,
    partSize: z.number().int().positive(),
    partCount: z.number().int().positive(),
  }),
});
export type MultiPart = z.infer<typeof MultiPart>;

/** How the server wants a file upload sent, chosen by its size. */
export const UploadPlan = z.discriminatedUnion('tag', [SinglePart, MultiPart]);
export type UploadPlan = z.infer<typeof UploadPlan>;

/** A part of a multipart upload that the store holds. */
export const StoredPart = z.object({
  partNumber: z.number().int().positive(),
  size: z.number().int().min(0),
});
export type StoredPart = z.infer<typeof StoredPart>;

export const ChangeParent = z.object({ tag: z.literal('ChangeParent'), contents: Id.nullable() });
export type ChangeParent = z.infer<typeof ChangeParent>;

export const Rename = z.object({ tag: z.literal('Rename'), contents: NodeName });
export type Rename = z.infer<typeof Rename>;

export const NodePatch = z.discriminatedUnion('tag', [ChangeParent, Rename]);
export type NodePatch = z.infer<typeof NodePatch>;

/**
 * The answer of a log in (or a sign-in link) for an account with a second factor: the browser is not signed in
 * yet, and has until `expiresAt` to give a code (`totp`: from the authenticator app, or a recovery code) or to
 * use a passkey (`passkey`).
 */
export const SecondFactorNeeded = z.object({
  secondFactor: z.object({ totp: z.boolean(), passkey: z.boolean(), expiresAt: Timestamp }),
});
export type SecondFactorNeeded = z.infer<typeof SecondFactorNeeded>;

/** Settings for the whole site, changed in the admin tools. */
export const SiteSettings = z.object({
  /** An admin without a passkey or authenticator app is refused every admin route until they add one. */
  adminsNeedSecondFactor: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
