import type { TrashKind } from '@site/contract';
import type { Db } from '../../db/database.ts';
import { lockOwnerAlbums } from '../albums/ranks.ts';
import { changeTree, subtreeFiles, type Tx } from '../files/tree.ts';
import { blobSelect, blobsOf, imageHolder } from '../../db/blob-columns.ts';
import { enqueueBlobDeletion } from '../../storage/delete-blobs.ts';
import { chargeStorage } from '../../storage/usage.ts';
import type { TrashOwner } from './list-trash.ts';

/*
 * Deleting for good: each purge removes the rows in one transaction that also queues the removal of their blobs,
 * so the bytes go only once nothing refers to them, and a blob store that is down delays them instead of leaving
 * them for ever. Each takes the lock a restore of the same item takes, so the two never cross. Each answers
 * whether there was such an item in the owner's trash.
 */

/** A trashed file, or folder with everything under it. */
export function purgeNode(db: Db, ownerId: string, nodeId: string): Promise<boolean> {
  return changeTree(db, ownerId, async (tx) => {
    const top = { id: nodeId, ownerId, parentId: null, trashedAt: { not: null } } as const;
    if (!(await tx.fileNode.findFirst({ where: top, select: { id: true } }))) return false;
    await forgetBlobs(tx, ownerId, blobsOf('FileNode', await subtreeFiles(tx, nodeId)));
    // The foreign key cascades to every descendant.
    await tx.fileNode.deleteMany({ where: top });
    return true;
  });
}

/** A trashed album with all its images (comments, shares and views cascade). */
export function purgeAlbum(db: Db, ownerId: string, albumId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, ownerId);
    const album = await tx.photoAlbum.findFirst({
      where: { id: albumId, ownerId, trashedAt: { not: null } },
      select: { images: { select: { ...blobSelect('Image'), addedById: true } } },
    });
    if (!album) return false;
    await tx.photoAlbum.delete({ where: { id: albumId } });
    await forgetImages(tx, ownerId, album.images);
    return true;
  });
}

/** A photo trashed on its own (its comments and views cascade); it holds no rank, so no other image moves. */
export function purgePhoto(db: Db, ownerId: string, imageId: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    await lockOwnerAlbums(tx, ownerId);
    const image = await tx.image.findFirst({
      where: { id: imageId, trashedAt: { not: null }, album: { ownerId } },
      select: { ...blobSelect('Image'), addedById: true },
    });
    if (!image) return false;
    await tx.image.delete({ where: { id: imageId } });
    await forgetImages(tx, ownerId, [image]);
    return true;
  });
}

/** `forgetBlobs` for images of `albumOwnerId`'s album: each frees the bytes of whoever holds it (a contributor's own). */
async function forgetImages(
  tx: Tx,
  albumOwnerId: string,
  images: (Record<string, unknown> & { addedById: string | null })[],
) {
  const byHolder = new Map<string, typeof images>();
  for (const image of images) {
    const holder = imageHolder(image, albumOwnerId);
    byHolder.set(holder, [...(byHolder.get(holder) ?? []), image]);
  }
  for (const [holder, held] of byHolder) await forgetBlobs(tx, holder, blobsOf('Image', held));
}

/** Frees the owner's bytes of blobs whose rows the transaction deletes, and queues the removal of the bytes. */
async function forgetBlobs(tx: Tx, ownerId: string, { keys, bytes }: { keys: string[]; bytes: bigint }) {
  await chargeStorage(tx, ownerId, -bytes);
  await enqueueBlobDeletion(tx, keys);
}

/** Purges one item of the owner's trash by kind. */
export function purgeItem(db: Db, ownerId: string, kind: TrashKind, id: string): Promise<boolean> {
  const purge = { node: purgeNode, album: purgeAlbum, photo: purgePhoto }[kind];
  return purge(db, ownerId, id);
}

/** Everything in the owner's trash (files and folders only for a `files` holder); answers how many items went. */
export async function emptyTrash(db: Db, owner: TrashOwner): Promise<number> {
  return purgeAll(db, { ownerId: owner.id, files: owner.files });
}

/** Everything trashed before `cutoff`, for every owner: the upkeep's purge. Answers how many items went. */
export function purgeExpired(db: Db, cutoff: Date): Promise<number> {
  return purgeAll(db, { before: cutoff, files: true });
}

async function purgeAll(
  db: Db,
  { ownerId, before, files }: { ownerId?: string; before?: Date; files: boolean },
): Promise<number> {
  const trashedAt = before ? { not: null, lt: before } : { not: null };
  const [nodes, albums, photos] = await Promise.all([
    files
      ? db.fileNode.findMany({
          where: { ownerId, parentId: null, trashedAt },
          select: { id: true, ownerId: true },
        })
      : [],
    db.photoAlbum.findMany({ where: { ownerId, trashedAt }, select: { id: true, ownerId: true } }),
    db.image.findMany({
      where: { album: { ownerId }, trashedAt },
      select: { id: true, album: { select: { ownerId: true } } },
    }),
  ]);
  let purged = 0;
  // One transaction per item keeps each short; a crash part-way leaves the rest for the next run.
  for (const n of nodes) purged += Number(await purgeNode(db, n.ownerId, n.id));
  for (const p of photos) purged += Number(await purgePhoto(db, p.album.ownerId, p.id));
  for (const a of albums) purged += Number(await purgeAlbum(db, a.ownerId, a.id));
  return purged;
}
