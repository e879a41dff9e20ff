import { randomUUID } from 'node:crypto';
import { isVideoType, type AddImageBody } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { cleanStoredJpeg } from './clean-jpeg.ts';
import { addedByInclude, type ImageWithAdder } from './present.ts';
import { lockAlbumImages } from './ranks.ts';
import { notifyPhotoAdded } from './photo-notices.ts';
import { blobsOf } from '../../db/blob-columns.ts';
import { chargeStorage } from '../../storage/usage.ts';
import { dropUploads } from '../../storage/pending-uploads.ts';
import { duplicatePhoto, isDuplicate, presentHashes } from './duplicates.ts';
import { storedOriginalSize } from './originals.ts';

const notReserved = () =>
  new AppError(
    'bad_request',
    'The image, its thumbnail, rendition and original must be uploads reserved for this album',
  );

/**
 * Turns finished uploads (the full image, its thumbnail, optionally its screen-sized rendition and the original
 * file as picked; for a video, the video as original, with its duration, and its poster frame as the JPEGs, or no
 * JPEGs when the browser could not decode it) into an image at the end of the album, added by `uploaderId` (the
 * owner or a contributor), whose storage it is charged to as its uploads were. Each must be the uploader's image upload for this album, uploaded, within the limits and a
 * JPEG; otherwise 400 and nothing changes but the refused bytes, which are removed. The JPEGs are stored without
 * metadata; the original byte for byte, under its name and type. A duplicate (same content hash as a live photo
 * of the album) is a 409 whose uploads are given up, their bytes no longer charged.
 */
export async function addImage(
  { db, blobs, config }: Pick<AppDeps, 'db' | 'blobs' | 'config'>,
  uploaderId: string,
  albumId: string,
  { imageId, thumbnailId, renditionId, original, takenAt, contentHash, durationMs }: AddImageBody,
): Promise<ImageWithAdder> {
  const video = original !== undefined && isVideoType(original.type);
  if (video !== (durationMs !== undefined)) {
    throw new AppError(
      'bad_request',
      video ? 'A video must say how long it plays (durationMs)' : 'Only a video has a duration',
    );
  }
  // A video the browser could not decode comes without JPEGs; its row gets an id of its own, naming no blob.
  const posterless = imageId === undefined && thumbnailId === undefined && renditionId === undefined;
  if (posterless && !video) {
    throw new AppError('bad_request', 'Only a video may come without its JPEGs (imageId and thumbnailId)');
  }
  if (!posterless && (imageId === undefined || thumbnailId === undefined)) {
    throw new AppError('bad_request', 'The image and its thumbnail come together (imageId and thumbnailId)');
  }
  const labelled: [string, string][] = posterless
    ? []
    : [
        [imageId!, 'image'],
        [thumbnailId!, 'thumbnail'],
        ...(renditionId ? [[renditionId, 'rendition'] as [string, string]] : []),
      ];
  const keys = [...labelled.map(([key]) => key), ...(original ? [original.uploadId] : [])];
  if (new Set(keys).size !== keys.length) {
    throw new AppError(
      'bad_request',
      'The image, its thumbnail, rendition and original must be separate uploads',
    );
  }
  const reserved: Prisma.PendingUploadWhereInput = {
    id: { in: keys },
    ownerId: uploaderId,
    kind: 'IMAGE',
    albumId,
  };
  if ((await db.pendingUpload.count({ where: reserved })) !== keys.length) throw notReserved();
  // A duplicate the browser did not catch (another tab, a second device) is refused before its bytes are read,
  // joined or stripped; the check under the lock below still decides a race.
  if (contentHash && (await presentHashes(db, albumId, [contentHash])).length > 0) {
    await db.$transaction((tx) => dropUploads(tx, reserved));
    throw duplicatePhoto();
  }
  const originalSize = original ? await storedOriginalSize({ db, blobs, config }, original.uploadId) : null;
  const sizes = new Map<string, number>();
  for (const [key, label] of labelled) sizes.set(key, await cleanStoredJpeg({ db, blobs }, key, label));

  const added = await db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    if (contentHash && (await isDuplicate(tx, albumId, contentHash))) {
      if ((await dropUploads(tx, reserved)) !== keys.length) throw notReserved();
      return null;
    }
    // Claiming the uploads here makes a second, concurrent addImage of the same uploads fail cleanly.
    const uploads = await tx.pendingUpload.findMany({ where: reserved, select: { size: true } });
    const { count } = await tx.pendingUpload.deleteMany({ where: reserved });
    if (count !== keys.length) throw notReserved();
    const rank = await tx.image.count({ where: { albumId, trashedAt: null } });
    const image = await tx.image.create({
      data: {
        id: imageId ?? randomUUID(),
        albumId,
        addedById: uploaderId,
        thumbnailId: thumbnailId ?? null,
        renditionId: renditionId ?? null,
        rank,
        size: imageId ? sizes.get(imageId)! : null,
        thumbnailSize: thumbnailId ? sizes.get(thumbnailId)! : null,
        renditionSize: renditionId ? sizes.get(renditionId)! : null,
        takenAt: takenAt ? new Date(takenAt) : null,
        contentHash: contentHash ?? null,
        originalId: original?.uploadId ?? null,
        originalName: original?.name ?? null,
        originalType: original?.type ?? null,
        originalSize: originalSize === null ? null : BigInt(originalSize),
        durationMs: durationMs ?? null,
      },
      include: addedByInclude,
    });
    // The reservations are charged at their announced sizes; from now on the image's are, as stored.
    const reservedBytes = uploads.reduce((sum, u) => sum + (u.size ?? 0n), 0n);
    await chargeStorage(tx, uploaderId, blobsOf('Image', [image]).bytes - reservedBytes);
    await notifyPhotoAdded(tx, albumId, uploaderId, video);
    return image;
  });
  // Thrown after the commit, so that giving up the duplicate's uploads stands.
  if (!added) throw duplicatePhoto();
  return added;
}
