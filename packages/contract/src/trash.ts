import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { Id, Timestamp, errors } from './common.ts';

const c = initContract();

/** What a trash item is: a file or folder (with everything under it), a photo, or an album with its photos. */
export const TrashKind = z.enum(['node', 'photo', 'album']);
export type TrashKind = z.infer<typeof TrashKind>;

/** One thing its owner deleted, waiting in their trash until it is restored or purged. */
export const TrashItem = z.object({
  kind: TrashKind,
  /** The node, image or album id. */
  id: Id,
  /**
   * The node's or album's name; a photo's is the name of the file it was added from, or its album's name when that
   * was not kept.
   */
  name: z.string(),
  /** Only for nodes: a folder (deleted with everything under it) rather than a file. */
  isDirectory: z.boolean(),
  /**
   * Where it was: a folder path such as `Photos/2024` ('' for the top level of Files), the album of a photo, or
   * '' for an album.
   */
  place: z.string(),
  /**
   * Bytes of a file or folder, of a photo (its full-size JPEG) or of an album's photos; null for a photo stored
   * before sizes were kept, or an album holding one.
   */
  size: z.number().int().min(0).nullable(),
  /**
   * A signed, expiring URL of a photo's thumbnail, given only in its owner's trash listing; null for files,
   * folders and albums.
   */
  thumbnailUrl: z.string().nullable(),
  trashedAt: Timestamp,
  /** When the upkeep will purge it for good. */
  purgeAt: Timestamp,
});
export type TrashItem = z.infer<typeof TrashItem>;

/** Where a restore put the item back, and under which name (`name (2)` when its own was taken meanwhile). */
export const Restored = z.object({ name: z.string(), place: z.string() });
export type Restored = z.infer<typeof Restored>;

const ItemParams = z.object({ kind: TrashKind, id: Id });

/**
 * The caller's trash. Files and folders appear (and can be restored or deleted) only with the `files` permission;
 * another user's item answers 404 like an unknown one.
 */
export const trashContract = c.router({
  list: {
    method: 'GET',
    path: '/trash',
    summary: "The caller's deleted files, folders, photos and albums, newest first",
    responses: { 200: z.array(TrashItem), ...errors(401) },
  },
  restore: {
    method: 'POST',
    path: '/trash/:kind/:id/restore',
    summary:
      'Puts an item back where it was (the top level when that place is gone; `name (2)` on a clash). A photo whose album is in the trash brings its album back too; one whose album holds the same file again stays (409)',
    pathParams: ItemParams,
    body: c.noBody(),
    responses: { 200: Restored, ...errors(400, 401, 403, 404, 413, 507) },
  },
  remove: {
    method: 'DELETE',
    path: '/trash/:kind/:id',
    summary: 'Deletes an item forever; its bytes are removed shortly after',
    pathParams: ItemParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(400, 401, 403, 404, 507) },
  },
  empty: {
    method: 'DELETE',
    path: '/trash',
    summary: "Deletes everything in the caller's trash forever",
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errors(401, 403, 507) },
  },
});
