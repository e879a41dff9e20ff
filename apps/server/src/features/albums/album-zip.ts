import type { AppDeps } from '../../deps.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import type { ImageOrder } from '../../db/generated/client.ts';
import { imageOrderSql } from './image-order.ts';

/** Stores asked at once for the sizes of older photos: a HEAD each on S3. */
const sizeLookups = 8;

/**
 * An album's photos as zip entries `<album name>/001.jpg`, numbered in the album's order (wider when there are more), each
 * with its size so that the archive's length is known before it is sent (a Content-Length, a real progress bar).
 * Photos stored before sizes were kept have theirs asked of the store once, and kept.
 */
export async function albumZip(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  album: { id: string; name: string; createdAt: Date; imageOrder: ImageOrder },
) {
  const images = (
    await db.$queryRaw<{ id: string; createdAt: Date | string; size: number | null }[]>`
      SELECT i.id, i."createdAt", i.size FROM "Image" i
      WHERE i."albumId" = ${album.id}::uuid AND i."trashedAt" IS NULL
      ORDER BY ${imageOrderSql(album.imageOrder, 'i')}`
  ).map((image) => ({ ...image, createdAt: new Date(image.createdAt) }));
  const unknown = images.filter((image) => image.size === null);
  for (let i = 0; i < unknown.length; i += sizeLookups) {
    await Promise.all(
      unknown.slice(i, i + sizeLookups).map(async (image) => {
        image.size = await blobs.size(image.id);
        if (image.size !== null)
          await db.image.updateMany({ where: { id: image.id }, data: { size: image.size } });
      }),
    );
  }
  const top = safeSegment(album.name);
  const digits = Math.max(3, String(images.length).length);
  const entries: ZipEntry[] = [
    { kind: 'folder', path: `${top}/`, modified: album.createdAt },
    ...images.map((image, i) => ({
      kind: 'file' as const,
      path: `${top}/${String(i + 1).padStart(digits, '0')}.jpg`,
      modified: image.createdAt,
      blobKey: image.id,
      size: image.size ?? undefined,
    })),
  ];
  return { fileName: `${top}.zip`, entries };
}
