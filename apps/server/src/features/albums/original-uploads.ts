import type { Db } from '../../db/database.ts';
import type { UploadScope } from '../files/access.ts';
import { requireAlbum } from './access.ts';
import type { AlbumCaller } from './album-role.ts';

/**
 * The uploads `caller` reserved for album `albumId`, if they may add to it (the owner or a contributor; else 403 or
 * 404 as for `requireAlbum`). A photo's original or a video is sent through the file manager's resumable upload
 * routes (files/create-upload.ts, files/multipart-upload.ts) acting in this scope, so adding one needs no `files`
 * permission, a large one goes in parts that survive a lost connection, and nobody reaches an upload of another
 * album or member.
 */
export async function albumUploads(db: Db, caller: AlbumCaller, albumId: string): Promise<UploadScope> {
  const album = await requireAlbum(db, caller, albumId, 'add');
  return { ownerId: caller.id, kind: 'IMAGE', albumId: album.id };
}
