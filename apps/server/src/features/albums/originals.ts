import type { AppDeps } from '../../deps.ts';
import type { Image as ImageRow } from '../../db/generated/client.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import type { ActingRole } from './album-role.ts';
import { mayDownloadOriginal } from './album-role.ts';
import { isMultipart } from '../files/multipart-plan.ts';
import { joinUpload } from '../files/multipart-upload.ts';

/**
 * The bytes of the uploaded original `key`, now out of reach of its upload URL; 400 when nothing arrived. A video
 * sent in parts is joined first (a missing part or one of the wrong size: 409, as for a file).
 */
export async function storedOriginalSize(
  { db, blobs, config }: Pick<AppDeps, 'db' | 'blobs' | 'config'>,
  key: string,
): Promise<number> {
  const upload = await db.pendingUpload.findUnique({ where: { id: key } });
  if (upload && isMultipart(upload)) await joinUpload({ db, blobs }, upload, config.uploadLeaseMs);
  else await blobs.promote(key);
  const size = await blobs.size(key);
  if (size === null) throw new AppError('bad_request', 'The original has not been uploaded');
  return size;
}

/**
 * A signed URL that downloads the photo's original as an attachment under its own name and type, if the caller
 * may have it (album-role.ts `mayDownloadOriginal`: else 403); 404 when it was not kept.
 */
export function downloadOriginalUrl(
  blobs: AppDeps['blobs'],
  callerId: string,
  album: { role: ActingRole; allowOriginals: boolean },
  image: Pick<ImageRow, 'addedById' | 'originalId' | 'originalName' | 'originalType'>,
): Promise<string> {
  if (!mayDownloadOriginal(album.role, callerId, album, image)) {
    throw forbidden('Only the owner and whoever added this photo may download its original');
  }
  if (image.originalId === null) {
    throw notFound('The original of this photo was not kept');
  }
  return blobs.downloadUrl(image.originalId, {
    fileName: image.originalName ?? undefined,
    contentType: image.originalType ?? undefined,
  });
}
