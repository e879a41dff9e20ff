import type { Restored } from '@site/contract';
import type { Db } from '../../db/database.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { isDuplicate } from '../albums/duplicates.ts';
import { lockAlbumImages, lockOwnerAlbums } from '../albums/ranks.ts';
import { photoName } from './photo-name.ts';

/** Brings a trashed album back after the owner's live albums (its old rank may hold another album by now). */
async function reviveAlbum(tx: Prisma.TransactionClient, ownerId: string, albumId: string): Promise<void> {
  const rank = await tx.photoAlbum.count({ where: { ownerId, trashedAt: null } });
  await tx.photoAlbum.update({ where: { id: albumId }, data: { trashedAt: null, rank } });
}

/** Puts the owner's trashed album back, with the images it had, after their live albums. */
export async function restoreAlbum(db: Db, ownerId: string, albumId: string): Promise<Restored> {
  return db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, ownerId);
    const album = await tx.photoAlbum.findFirst({
      where: { id: albumId, ownerId, trashedAt: { not: null } },
    });
    if (!album) throw notFound('No such item in the trash');
    await reviveAlbum(tx, ownerId, album.id);
    return { name: album.name, place: '' };
  });
}

/**
 * Puts the owner's trashed photo back in its old place: at the rank it had (the ones from there on move down one),
 * or at the end when the album has fewer photos now, or when that rank was not kept. When the album is in the
 * trash too, it comes back with it: the photo has no other place to go, and a restore that left it hidden would
 * look like it failed. (The album's other photos were deleted with it, so they come back as well.) A photo whose
 * content hash a live photo of the album has (the same file added again while this one was in the trash) stays
 * there: 409, as adding it again would be.
 */
export async function restorePhoto(db: Db, ownerId: string, imageId: string): Promise<Restored> {
  return db.$transaction(async (tx) => {
    // Owner before album: the order every rank change takes its locks in.
    await lockOwnerAlbums(tx, ownerId);
    const image = await tx.image.findFirst({
      where: { id: imageId, trashedAt: { not: null }, album: { ownerId } },
      include: { album: true },
    });
    if (!image) throw notFound('No such item in the trash');
    await lockAlbumImages(tx, image.albumId);
    if (image.contentHash && (await isDuplicate(tx, image.albumId, image.contentHash))) {
      const what = image.durationMs === null ? 'photo' : 'video';
      throw new AppError(
        'conflict',
        `This ${what} is in “${image.album.name}” already, so it stays in the trash.`,
      );
    }
    if (image.album.trashedAt) await reviveAlbum(tx, ownerId, image.albumId);
    const live = { albumId: image.albumId, trashedAt: null };
    const count = await tx.image.count({ where: live });
    const rank = Math.min(image.trashedRank ?? count, count);
    await tx.image.updateMany({ where: { ...live, rank: { gte: rank } }, data: { rank: { increment: 1 } } });
    await tx.image.update({ where: { id: image.id }, data: { trashedAt: null, trashedRank: null, rank } });
    return { name: photoName(image), place: image.album.name };
  });
}
