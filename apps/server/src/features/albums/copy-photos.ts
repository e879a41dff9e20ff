import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { Image } from '../../db/generated/client.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { assertRoomFor } from '../../storage/disk-guard.ts';
import { assertRoom, reserveStorage } from '../../storage/usage.ts';
import { mayDownloadOriginal, type ActingRole } from './album-role.ts';
import { presentHashes } from './duplicates.ts';
import { notifyPhotoAdded } from './photo-notices.ts';
import { lockAlbumImages } from './ranks.ts';

/** Blobs copied at once (a CopyObject each on S3). */
const copiesAtOnce = 8;

/** One stored file of a photo and its copy: the key it is copied from and to, and its bytes. */
interface BlobCopy {
  from: string;
  to: string;
  size: number;
}

/** A photo's copy as it will be stored: its row's data, and the blobs to copy for it. */
interface PhotoCopy {
  source: Image;
  image: { id: string; thumbnailId: string | null; renditionId: string | null; originalId: string | null };
  blobs: {
    image: BlobCopy | null;
    thumbnail: BlobCopy | null;
    rendition: BlobCopy | null;
    original: BlobCopy | null;
  };
  bytes: number;
}

/**
 * Adds photos of album `from` to album `to` as photos of their own, added by `callerId`: each stored file is
 * copied through the blob store (so removing either photo never touches the other's) and charged to the caller
 * (413 past their quota, 507 when the store's disk is too full); the original only when the caller may download
 * it. Capture date, name and content hash come along. Photos `to` already has, by content hash, are skipped (as is
 * the second of two alike in the selection) and counted. Every id must be a live photo of `from` (else 404: the
 * caller may view `from`, so this reveals nothing). The members of `to` hear of the added photos as of uploaded ones.
 */
export async function copyPhotos(
  { db, blobs, config }: Pick<AppDeps, 'db' | 'blobs' | 'config'>,
  callerId: string,
  from: { id: string; role: ActingRole; allowOriginals: boolean },
  to: { id: string },
  imageIds: readonly string[],
): Promise<{ added: number; duplicates: number }> {
  if (from.id === to.id) throw new AppError('bad_request', 'These photos are already in this album.');
  const found = await db.image.findMany({
    where: { id: { in: [...imageIds] }, albumId: from.id, trashedAt: null },
  });
  if (found.length !== imageIds.length) throw notFound('Not Found');
  const byId = new Map(found.map((image) => [image.id, image]));
  const sources = imageIds.map((id) => byId.get(id)!);

  const present = new Set(
    await presentHashes(
      db,
      to.id,
      sources.flatMap((s) => (s.contentHash ? [s.contentHash] : [])),
    ),
  );
  const fresh = sources.filter((source) => {
    if (!source.contentHash) return true;
    if (present.has(source.contentHash)) return false;
    present.add(source.contentHash);
    return true;
  });
  const plans = await Promise.all(
    // A video is its original (whoever may view plays it), so its copy always carries it.
    fresh.map((source) =>
      plan(
        blobs,
        source,
        source.durationMs !== null || mayDownloadOriginal(from.role, callerId, from, source),
      ),
    ),
  );
  const bytes = plans.reduce((sum, p) => sum + p.bytes, 0);
  await assertRoom(db, callerId, bytes, config.quota);
  await assertRoomFor(blobs, bytes);

  const copied: string[] = [];
  try {
    const pairs = plans.flatMap((p) => Object.values(p.blobs).filter((b): b is BlobCopy => b !== null));
    for (let i = 0; i < pairs.length; i += copiesAtOnce) {
      // Settled, not raced: a copy still under way when another fails would be left behind, unremoved.
      const done = await Promise.allSettled(
        pairs.slice(i, i + copiesAtOnce).map(async ({ from: key, to: copy }) => {
          await blobs.copy(key, copy);
          copied.push(copy);
        }),
      );
      const failed = done.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    }
    const stored = await db.$transaction(async (tx) => {
      if (!(await lockAlbumImages(tx, to.id))) throw notFound('Not Found');
      // Asked again under the lock: a photo alike may have arrived while the blobs were copied.
      const arrived = new Set(
        await presentHashes(
          tx,
          to.id,
          plans.flatMap((p) => (p.source.contentHash ? [p.source.contentHash] : [])),
        ),
      );
      const adding = plans.filter((p) => !p.source.contentHash || !arrived.has(p.source.contentHash));
      await reserveStorage(
        tx,
        callerId,
        adding.reduce((sum, p) => sum + p.bytes, 0),
        config.quota,
      );
      let rank = await tx.image.count({ where: { albumId: to.id, trashedAt: null } });
      for (const p of adding) {
        await tx.image.create({ data: row(p, to.id, callerId, rank++) });
        await notifyPhotoAdded(tx, to.id, callerId, p.source.durationMs !== null);
      }
      return adding;
    });
    const kept = new Set(stored.flatMap((p) => Object.values(p.image)));
    await blobs.remove(copied.filter((key) => !kept.has(key)));
    return { added: stored.length, duplicates: sources.length - stored.length };
  } catch (error) {
    await blobs.remove(copied);
    throw error;
  }
}

/** New keys for a photo's stored files, with their sizes (asked of the store for photos kept before sizes were). */
async function plan(blobs: AppDeps['blobs'], source: Image, withOriginal: boolean): Promise<PhotoCopy> {
  const copyOf = async (key: string, size: number | bigint | null): Promise<BlobCopy> => ({
    from: key,
    to: randomUUID(),
    size: size === null ? ((await blobs.size(key)) ?? 0) : Number(size),
  });
  // A video kept without a poster has no JPEGs to copy (its id names no blob), only its original.
  const copies = {
    image: source.thumbnailId ? await copyOf(source.id, source.size) : null,
    thumbnail: source.thumbnailId ? await copyOf(source.thumbnailId, source.thumbnailSize) : null,
    rendition: source.renditionId ? await copyOf(source.renditionId, source.renditionSize) : null,
    original: withOriginal && source.originalId ? await copyOf(source.originalId, source.originalSize) : null,
  };
  return {
    source,
    image: {
      id: copies.image?.to ?? randomUUID(),
      thumbnailId: copies.thumbnail?.to ?? null,
      renditionId: copies.rendition?.to ?? null,
      originalId: copies.original?.to ?? null,
    },
    blobs: copies,
    bytes: Object.values(copies).reduce((sum, c) => sum + (c?.size ?? 0), 0),
  };
}

/** The copy's row: at `rank` in album `albumId`, added by `callerId`, with the source's dates, name and hash. */
function row({ source, image, blobs }: PhotoCopy, albumId: string, callerId: string, rank: number) {
  return {
    ...image,
    albumId,
    addedById: callerId,
    rank,
    size: blobs.image?.size ?? null,
    thumbnailSize: blobs.thumbnail?.size ?? null,
    renditionSize: blobs.rendition?.size ?? null,
    takenAt: source.takenAt,
    durationMs: source.durationMs,
    contentHash: source.contentHash,
    originalName: source.originalName,
    originalType: blobs.original ? source.originalType : null,
    originalSize: blobs.original ? BigInt(blobs.original.size) : null,
  };
}
