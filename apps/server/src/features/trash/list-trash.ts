import type { TrashItem } from '@site/contract';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { folderPaths } from './folder-paths.ts';
import { photoName } from './photo-name.ts';

/** What the trash listing needs to know about its caller. */
export interface TrashOwner {
  id: string;
  /** Files and folders are listed (and handled) only for holders of the `files` permission. */
  files: boolean;
}

/** When an item trashed at `trashedAt` is purged. */
export const purgeAt = (trashedAt: Date, trashMs: number) => new Date(trashedAt.getTime() + trashMs);

/**
 * The owner's trash, newest first: the tops of trashed subtrees (not every node under a trashed folder), trashed
 * albums, and photos trashed on their own (those of a trashed album go with it).
 */
export async function listTrash(
  { db, blobs }: Pick<AppDeps, 'db' | 'blobs'>,
  owner: TrashOwner,
  trashMs: number,
): Promise<TrashItem[]> {
  const trashed = { trashedAt: { not: null } } as const;
  const [nodes, albums, photos] = await Promise.all([
    owner.files ? db.fileNode.findMany({ where: { ownerId: owner.id, parentId: null, ...trashed } }) : [],
    db.photoAlbum.findMany({ where: { ownerId: owner.id, ...trashed } }),
    db.image.findMany({
      where: { album: { ownerId: owner.id }, ...trashed },
      include: { album: { select: { name: true } } },
    }),
  ]);
  const [paths, albumSizes, thumbnails] = await Promise.all([
    folderPaths(
      db,
      nodes.flatMap((n) => n.trashedFromId ?? []),
    ),
    photoBytes(
      db,
      albums.map((a) => a.id),
    ),
    // Signed here, for the owner only: the album's signed-urls route leaves trashed photos out.
    // A video kept without a poster has no thumbnail: its row shows its name alone.
    Promise.all(
      photos.map((p) =>
        p.thumbnailId === null
          ? Promise.resolve(null)
          : blobs.downloadUrl(p.thumbnailId, { contentType: 'image/jpeg' }),
      ),
    ),
  ]);
  const at = (trashedAt: Date | null) => ({
    trashedAt: trashedAt!.toISOString(),
    purgeAt: purgeAt(trashedAt!, trashMs).toISOString(),
  });
  const items: TrashItem[] = [
    ...nodes.map((n) => ({
      kind: 'node' as const,
      id: n.id,
      name: n.name,
      isDirectory: n.isDirectory,
      place: (n.trashedFromId && paths.get(n.trashedFromId)) ?? '',
      size: Number(n.size),
      thumbnailUrl: null,
      ...at(n.trashedAt),
    })),
    ...albums.map((a) => ({
      kind: 'album' as const,
      id: a.id,
      name: a.name,
      isDirectory: false,
      place: '',
      size: albumSizes.get(a.id) ?? null,
      thumbnailUrl: null,
      ...at(a.trashedAt),
    })),
    ...photos.map((p, i) => ({
      kind: 'photo' as const,
      id: p.id,
      name: photoName(p),
      isDirectory: false,
      place: p.album.name,
      size: p.size,
      thumbnailUrl: thumbnails[i] ?? null,
      ...at(p.trashedAt),
    })),
  ];
  return items.sort((a, b) => b.trashedAt.localeCompare(a.trashedAt) || a.id.localeCompare(b.id));
}

/**
 * The bytes of the photos of each album (those trashed with it, not those trashed on their own before), or null
 * for an album holding a photo stored before sizes were kept.
 */
async function photoBytes(db: Db, albumIds: string[]): Promise<Map<string, number | null>> {
  if (albumIds.length === 0) return new Map();
  const groups = await db.image.groupBy({
    by: ['albumId'],
    where: { albumId: { in: albumIds }, trashedAt: null },
    _sum: { size: true },
    _count: { _all: true, size: true },
  });
  const bytes = new Map<string, number | null>(albumIds.map((id) => [id, 0]));
  for (const g of groups) bytes.set(g.albumId, g._count.size === g._count._all ? (g._sum.size ?? 0) : null);
  return bytes;
}
