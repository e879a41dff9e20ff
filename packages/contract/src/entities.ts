import { z } from 'zod';
import { atLeast, atMost, EmailAddress, Id, Text, Timestamp } from './common.ts';

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

/** A user as an admin looks them up. */
export const AdminUser = z.object({
  userId: Id,
  emailAddress: z.string(),
  isEmailVerified: z.boolean(),
  permissions: z.array(PermissionName),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const PhotoAlbum = z.object({
  photoAlbumId: Id,
  ownerId: Id,
  name: z.string(),
  description: z.string(),
  /** The thumbnail of the album's first image by rank, or null when it is empty. */
  thumbnailId: Id.nullable(),
  /** Dense position among the owner's albums, from 0. */
  rank: z.number().int().min(0),
  createdAt: Timestamp,
});
export type PhotoAlbum = z.infer<typeof PhotoAlbum>;

export const Image = z.object({
  imageId: Id,
  photoAlbumId: Id,
  thumbnailId: Id,
  /** Dense position within the album, from 0. */
  rank: z.number().int().min(0),
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
  .refine((n) => !/[/\\\0]/.test(n) && n !== '.' && n !== '..', 'not a valid name');

/** How the server wants a file upload sent; only single-part uploads exist today. */
export const SinglePart = z.object({ tag: z.literal('SinglePart'), contents: Id });
export type SinglePart = z.infer<typeof SinglePart>;

export const ChangeParent = z.object({ tag: z.literal('ChangeParent'), contents: Id.nullable() });
export type ChangeParent = z.infer<typeof ChangeParent>;

export const Rename = z.object({ tag: z.literal('Rename'), contents: NodeName });
export type Rename = z.infer<typeof Rename>;

export const NodePatch = z.discriminatedUnion('tag', [ChangeParent, Rename]);
export type NodePatch = z.infer<typeof NodePatch>;
