import type { Prisma } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { AppDeps } from '../../deps.ts';

type Tx = Prisma.TransactionClient;

/** The ranks that move when one item goes from rank `from` to rank `to`, and by how much; null when none do. */
export function shiftFor(from: number, to: number): { gte: number; lte: number; by: 1 | -1 } | null {
  if (from === to) return null;
  return to > from ? { gte: from + 1, lte: to, by: -1 } : { gte: to, lte: from - 1, by: 1 };
}

/**
 * Holds the owner's row until the transaction ends, so rank changes among one owner's albums (create, move,
 * delete) run one after another and ranks stay dense.
 */
export async function lockOwnerAlbums(tx: Tx, ownerId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${ownerId}::uuid FOR UPDATE`;
}

/** Holds the album's row until the transaction ends, for the same reason for its images; false when it is gone. */
export async function lockAlbumImages(tx: Tx, albumId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<
    unknown[]
  >`SELECT 1 FROM "PhotoAlbum" WHERE "id" = ${albumId}::uuid FOR UPDATE`;
  return rows.length > 0;
}

const outOfRange = (what: string, count: number) =>
  new AppError(
    'bad_request',
    count === 0 ? `There is no ${what} to move` : `The ${what} rank must be from 0 to ${count - 1}`,
  );

/** Moves an album to rank `to` among its owner's albums; those in between shift by one. */
export async function moveAlbum(
  { db }: Pick<AppDeps, 'db'>,
  album: { id: string; ownerId: string },
  to: number,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, album.ownerId);
    const current = await tx.photoAlbum.findUnique({ where: { id: album.id }, select: { rank: true } });
    if (!current) throw notFound('Not Found');
    const count = await tx.photoAlbum.count({ where: { ownerId: album.ownerId, trashedAt: null } });
    if (to >= count) throw outOfRange('album', count);
    const shift = shiftFor(current.rank, to);
    if (!shift) return;
    await tx.photoAlbum.updateMany({
      where: { ownerId: album.ownerId, rank: { gte: shift.gte, lte: shift.lte } },
      data: { rank: { increment: shift.by } },
    });
    await tx.photoAlbum.update({ where: { id: album.id }, data: { rank: to } });
  });
}

/** Moves an image to rank `to` within its album; those in between shift by one. An image of another album is a 404. */
export async function moveImage(
  { db }: Pick<AppDeps, 'db'>,
  albumId: string,
  imageId: string,
  to: number,
): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!(await lockAlbumImages(tx, albumId))) throw notFound('Not Found');
    const image = await tx.image.findFirst({ where: { id: imageId, albumId }, select: { rank: true } });
    if (!image) throw notFound('No such image in this album');
    const count = await tx.image.count({ where: { albumId, trashedAt: null } });
    if (to >= count) throw outOfRange('image', count);
    const shift = shiftFor(image.rank, to);
    if (!shift) return;
    await tx.image.updateMany({
      where: { albumId, rank: { gte: shift.gte, lte: shift.lte } },
      data: { rank: { increment: shift.by } },
    });
    await tx.image.update({ where: { id: imageId }, data: { rank: to } });
  });
}
