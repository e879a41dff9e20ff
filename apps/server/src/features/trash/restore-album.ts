import type { Restored } from '@site/contract';
import type { Db } from '../../db/database.ts';
import type { Image, Prisma } from '../../db/generated/client.ts';
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

type Trashed = Pick<Image, 'id' | 'albumId' | 'trashedRank' | 'trashedAfterId' | 'trashedBeforeId'>;

/**
 * Where a photo going back to its album belongs among the live ones: right after the photo it followed, or else
 * right before the one it preceded — each found by going along the neighbours the photos trashed meanwhile named
 * (remove-image.ts) until a live one, or an end of the album. When neither way leads anywhere (a neighbour was
 * deleted for good) or it named none (trashed before they were kept), its old rank, or the end if the album has
 * fewer photos now.
 */
async function placeOf(tx: Prisma.TransactionClient, image: Trashed, count: number): Promise<number> {
  const walk = async (
    side: 'trashedAfterId' | 'trashedBeforeId',
    atEnd: number,
    beside: (rank: number) => number,
  ) => {
    const seen = new Set([image.id]);
    for (let id = image[side]; ;) {
      if (id === null) return atEnd;
      if (seen.has(id)) return null;
      seen.add(id);
      const next = await tx.image.findFirst({ where: { id, albumId: image.albumId } });
      if (!next) return null;
      if (next.trashedAt === null) return beside(next.rank);
      id = next[side];
    }
  };
  if (image.trashedAfterId !== null || image.trashedBeforeId !== null) {
    const place =
      (await walk('trashedAfterId', 0, (rank) => rank + 1)) ??
      (await walk('trashedBeforeId', count, (rank) => rank));
    if (place !== null) return place;
  }
  return Math.min(image.trashedRank ?? count, count);
}

/**
 * Puts the owner's trashed photo back in its old place (see `placeOf`); the photos from there on move down one.
 * When the album is in the trash too, it comes back with it: the photo has no other place to go, and a restore
 * that left it hidden would look like it failed. (The album's other photos were deleted with it, so they come back
 * as well.) A photo whose content hash a live photo of the album has (the same file added again while this one
 * was in the trash) stays there: 409, as adding it again would be.
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
    const rank = await placeOf(tx, image, await tx.image.count({ where: live }));
    await tx.image.updateMany({ where: { ...live, rank: { gte: rank } }, data: { rank: { increment: 1 } } });
    await tx.image.update({
      where: { id: image.id },
      data: { trashedAt: null, trashedRank: null, trashedAfterId: null, trashedBeforeId: null, rank },
    });
    return { name: photoName(image), place: image.album.name };
  });
}
