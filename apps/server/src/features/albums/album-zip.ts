import type { AppDeps } from '../../deps.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import { splitExtension, uniqueNames } from '../../zip/unique-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { Prisma, type ImageOrder } from '../../db/generated/client.ts';
import { notFound } from '../../http/app-error.ts';
import { mayDownloadOriginal, type ActingRole } from './album-role.ts';
import { imageOrderSql } from './image-order.ts';

/** Stores asked at once for the sizes of older photos: a HEAD each on S3. */
const sizeLookups = 8;

/**
 * An album's photos as zip entries under `<album name>/`, in the album's order: the original under its own name
 * where the caller may download it (album-role.ts) and every video as itself, else the JPEG named after it (`IMG_0001.HEIC` as
 * `IMG_0001.jpg`); photos kept without an original are numbered (`001.jpg`, wider when there are more). Clashing
 * names are numbered (`IMG_0001 (2).HEIC`). Each entry has its size, so that the archive's length is known before
 * it is sent (a Content-Length, a real progress bar); photos stored before sizes were kept have theirs asked of
 * the store once, and kept. With `chosen` ids, only those photos: 404 unless each is a live photo of the album; with
 * `allExcept`, every photo but those.
 */
export async function albumZip(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  album: {
    id: string;
    name: string;
    createdAt: Date;
    imageOrder: ImageOrder;
    role: ActingRole;
    allowOriginals: boolean;
  },
  callerId: string,
  chosen?: readonly string[] | { allExcept: readonly string[] },
) {
  const imageIds = chosen && 'allExcept' in chosen ? undefined : chosen;
  const except = chosen && 'allExcept' in chosen ? chosen.allExcept : [];
  const listed = (ids: readonly string[]) => Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`));
  const only = imageIds
    ? Prisma.sql`AND i.id IN (${listed(imageIds)})`
    : except.length > 0
      ? Prisma.sql`AND i.id NOT IN (${listed(except)})`
      : Prisma.empty;
  const images = (
    await db.$queryRaw<
      {
        id: string;
        createdAt: Date | string;
        size: number | null;
        addedById: string | null;
        originalId: string | null;
        originalName: string | null;
        originalSize: bigint | null;
        durationMs: number | null;
      }[]
    >`
      SELECT i.id, i."createdAt", i.size, i."addedById", i."originalId", i."originalName", i."originalSize",
        i."durationMs"
      FROM "Image" i
      WHERE i."albumId" = ${album.id}::uuid AND i."trashedAt" IS NULL ${only}
      ORDER BY ${imageOrderSql(album.imageOrder, 'i')}`
  ).map((image) => ({ ...image, createdAt: new Date(image.createdAt) }));
  if (imageIds && images.length !== new Set(imageIds).size) throw notFound('Not Found');
  // A video is its original: whoever may view the album plays it, so its zip carries it too.
  const carriesOriginal = (image: (typeof images)[number]) =>
    image.originalId !== null &&
    image.originalName !== null &&
    (image.durationMs !== null || mayDownloadOriginal(album.role, callerId, album, image));
  const unknown = images.filter((image) => image.size === null && !carriesOriginal(image));
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
  const files = images.map((image, i) => {
    const { originalId, originalName, originalSize } = image;
    if (originalId && originalName !== null && carriesOriginal(image)) {
      return { name: originalName, blobKey: originalId, size: Number(originalSize) };
    }
    const name = originalName
      ? `${splitExtension(originalName)[0]}.jpg`
      : `${String(i + 1).padStart(digits, '0')}.jpg`;
    return { name, blobKey: image.id, size: image.size ?? undefined };
  });
  const names = uniqueNames(files.map((file) => safeSegment(file.name)));
  const entries: ZipEntry[] = [
    { kind: 'folder', path: `${top}/`, modified: album.createdAt },
    ...files.map((file, i) => ({
      kind: 'file' as const,
      path: `${top}/${names[i]}`,
      modified: images[i]!.createdAt,
      blobKey: file.blobKey,
      size: file.size,
    })),
  ];
  return { fileName: `${top}.zip`, entries };
}
