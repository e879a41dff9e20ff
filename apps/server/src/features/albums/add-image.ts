import type { AppDeps } from '../../deps.ts';
import type { Image as ImageRow, Prisma } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { cleanStoredJpeg } from './clean-jpeg.ts';
import { lockAlbumImages } from './ranks.ts';

const notReserved = () =>
  new AppError('bad_request', 'The image and its thumbnail must be two uploads reserved for this album');

/**
 * Turns two finished uploads (the full image and its thumbnail) into an image at the end of the album. Both must
 * be the caller's image uploads for this album, uploaded, within the limits and decodable JPEGs; otherwise 400
 * and nothing changes but the refused bytes, which are removed. Both are stored re-encoded, without metadata.
 */
export async function addImage(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  ownerId: string,
  albumId: string,
  { imageId, thumbnailId }: { imageId: string; thumbnailId: string },
): Promise<ImageRow> {
  if (imageId === thumbnailId)
    throw new AppError('bad_request', 'The image and its thumbnail must be two uploads');
  const reserved: Prisma.PendingUploadWhereInput = {
    id: { in: [imageId, thumbnailId] },
    ownerId,
    kind: 'IMAGE',
    albumId,
  };
  if ((await db.pendingUpload.count({ where: reserved })) !== 2) throw notReserved();
  await cleanStoredJpeg({ db, blobs }, imageId, 'image');
  await cleanStoredJpeg({ db, blobs }, thumbnailId, 'thumbnail');

  return db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    // Claiming the uploads here makes a second, concurrent addImage of the same pair fail cleanly.
    const { count } = await tx.pendingUpload.deleteMany({ where: reserved });
    if (count !== 2) throw notReserved();
    const rank = await tx.image.count({ where: { albumId, trashedAt: null } });
    return tx.image.create({ data: { id: imageId, albumId, thumbnailId, rank } });
  });
}
