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
import { duplicatePhoto, isDuplicate } from './duplicates.ts';

/** The uploads an image is made of: the full size, its thumbnail and, from newer clients, a screen-sized copy. */
export interface ImageUploads {
  imageId: string;
  thumbnailId: string;
  renditionId?: string | undefined;
  /** When the photo was taken (ISO), as the browser read it from EXIF. */
  takenAt?: string | undefined;
  /** SHA-256 of the file as picked; a live photo of the album with the same hash makes the add a 409. */
  contentHash?: string | undefined;
}

const notReserved = () =>
  new AppError(
    'bad_request',
    'The image, its thumbnail and rendition must be uploads reserved for this album',
  );

/**
 * Turns finished uploads (the full image, its thumbnail and optionally its screen-sized rendition) into an image
 * at the end of the album, added by `uploaderId` (the owner or a contributor), whose storage it is charged to as
 * its uploads were. Each must be the uploader's image upload for this album, uploaded, within the limits and a
 * decodable JPEG; otherwise 400 and nothing changes but the refused bytes, which are removed. All are stored
 * re-encoded, without metadata. A duplicate (same content hash as a live photo of the album) is a 409 whose
 * uploads are given up, their bytes no longer charged.
 */
export async function addImage(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  uploaderId: string,
  albumId: string,
  { imageId, thumbnailId, renditionId, takenAt, contentHash }: ImageUploads,
): Promise<ImageWithAdder> {
  const labelled: [string, string][] = [
    [imageId, 'image'],
    [thumbnailId, 'thumbnail'],
    ...(renditionId ? [[renditionId, 'rendition'] as [string, string]] : []),
  ];
  const keys = labelled.map(([key]) => key);
  if (new Set(keys).size !== keys.length)
    throw new AppError('bad_request', 'The image, its thumbnail and rendition must be separate uploads');
  const reserved: Prisma.PendingUploadWhereInput = {
    id: { in: keys },
    ownerId: uploaderId,
    kind: 'IMAGE',
    albumId,
  };
  if ((await db.pendingUpload.count({ where: reserved })) !== keys.length) throw notReserved();
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
        id: imageId,
        albumId,
        addedById: uploaderId,
        thumbnailId,
        renditionId: renditionId ?? null,
        rank,
        size: sizes.get(imageId)!,
        thumbnailSize: sizes.get(thumbnailId)!,
        renditionSize: renditionId ? sizes.get(renditionId)! : null,
        takenAt: takenAt ? new Date(takenAt) : null,
        contentHash: contentHash ?? null,
      },
      include: addedByInclude,
    });
    // The reservations are charged at their announced sizes; from now on the image's are, as stored.
    const reservedBytes = uploads.reduce((sum, u) => sum + (u.size ?? 0n), 0n);
    await chargeStorage(tx, uploaderId, blobsOf('Image', [image]).bytes - reservedBytes);
    await notifyPhotoAdded(tx, albumId, uploaderId);
    return image;
  });
  // Thrown after the commit, so that giving up the duplicate's uploads stands.
  if (!added) throw duplicatePhoto();
  return added;
}
