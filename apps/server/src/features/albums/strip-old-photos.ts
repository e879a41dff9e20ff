import type { JobDeps } from '../../jobs/deps.ts';
import type { JobPayloads } from '../../jobs/kinds.ts';
import { enqueue } from '../../jobs/queue.ts';
import { chargeStorage } from '../../storage/usage.ts';
import { readAll } from './clean-jpeg.ts';
import { stripJpeg } from './jpeg-segments.ts';

/** Photos one run of the job cleans before it queues the next run, so a death costs at most this many again. */
export const stripBatchSize = 20;

/** An image's JPEGs (full size, thumbnail, screen-sized) and the columns that keep their sizes. */
const jpegColumns = [
  { key: 'id', size: 'size' },
  { key: 'thumbnailId', size: 'thumbnailSize' },
  { key: 'renditionId', size: 'renditionSize' },
] as const;
type SizeColumn = (typeof jpegColumns)[number]['size'];

/**
 * Rewrites the blob `key` of image `imageId` without metadata, and its size column and its holder's storage to
 * match, under the image's row lock: an image deleted meanwhile is left alone (its blobs are going), and a blob
 * written by a run that died before its commit still gets its size right on the next run. Answers whether the
 * bytes changed. A blob that is missing or no well-formed JPEG is left as it is.
 */
async function stripBlob(
  { db, blobs }: Pick<JobDeps, 'db' | 'blobs'>,
  imageId: string,
  key: string,
  sizeColumn: SizeColumn,
): Promise<boolean> {
  if ((await blobs.size(key)) === null) return false;
  const bytes = await readAll(await blobs.read(key));
  const stripped = stripJpeg(bytes);
  if (!stripped.ok) return false;
  const changed = stripped.bytes.length !== bytes.length;
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRawUnsafe<{ size: number | null; holder: string }[]>(
      `SELECT i."${sizeColumn}" AS size, COALESCE(i."addedById", a."ownerId")::text AS holder
         FROM "Image" i JOIN "PhotoAlbum" a ON a.id = i."albumId" WHERE i.id = $1::uuid FOR UPDATE OF i`,
      imageId,
    );
    if (!row) return false;
    if (changed) await blobs.write(key, stripped.bytes, 'image/jpeg');
    // A size unknown before (null) stays unknown: storage counted it as nothing, and an album zip learns it.
    if (row.size !== null && row.size !== stripped.bytes.length) {
      await tx.image.update({ where: { id: imageId }, data: { [sizeColumn]: stripped.bytes.length } });
      await chargeStorage(tx, row.holder, BigInt(stripped.bytes.length - row.size));
    }
    return changed;
  });
}

/**
 * The 'strip-photo-metadata' job: the JPEGs of the next {@link stripBatchSize} photos after `after` (by id) lose
 * their EXIF, GPS, XMP, ICC and comments, then the next batch is queued. Photos stored before the server cleaned
 * what it was sent still carry them; the migration that shipped this job queues it once. Running a batch again
 * changes nothing (a clean JPEG strips to itself); originals stay as picked, as they always do.
 */
export async function stripOldPhotos(
  deps: JobDeps,
  { after }: JobPayloads['strip-photo-metadata'],
): Promise<void> {
  const { db, logger } = deps;
  const images = await db.image.findMany({
    // A video kept without a poster has no JPEGs to clean.
    where: { thumbnailId: { not: null }, ...(after === undefined ? {} : { id: { gt: after } }) },
    orderBy: { id: 'asc' },
    take: stripBatchSize,
    select: { id: true, thumbnailId: true, renditionId: true },
  });
  let stripped = 0;
  for (const image of images) {
    for (const { key, size } of jpegColumns) {
      const blobKey = image[key];
      if (blobKey !== null && (await stripBlob(deps, image.id, blobKey, size))) stripped++;
    }
  }
  const last = images.at(-1)?.id;
  if (images.length === stripBatchSize && last) await enqueue(db, 'strip-photo-metadata', { after: last });
  logger.info({ photos: images.length, stripped, after }, 'stripped old photos of their metadata');
}
