import type { JobDeps } from '../../jobs/deps.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import { splitExtension, uniqueNames } from '../../zip/unique-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { treeEntries, type TreeRow } from '../files/folder-zip.ts';
import { folderPaths } from '../trash/folder-paths.ts';
import { photoName } from '../trash/photo-name.ts';
import { albumEntries } from './export-albums.ts';
import type { TrashRecord } from './export-data.ts';

const trashFolder = 'Trash/';

/**
 * The member's trash, not yet purged, under `Trash/`: `Albums/` with trashed albums and the photos that went with
 * them, `Photos/<album>/` with photos trashed on their own, and `Files/` with trashed files and folders as they
 * were. Only the parts holding something; nothing at all for an empty trash.
 */
export async function trashEntries(
  deps: Pick<JobDeps, 'db' | 'blobs'>,
  userId: string,
  now: Date,
): Promise<{ entries: ZipEntry[]; record: TrashRecord }> {
  const { db } = deps;
  const albums = await db.photoAlbum.findMany({
    where: { ownerId: userId, trashedAt: { not: null } },
    orderBy: [{ trashedAt: 'asc' }, { id: 'asc' }],
  });
  const trashedAlbums = await albumEntries(deps, userId, albums, `${trashFolder}Albums/`, now);
  const photos = await photoEntries(deps, userId, now);
  const files = await fileEntries(deps, userId, now);
  const parts = [...(albums.length > 0 ? trashedAlbums.entries : []), ...photos.entries, ...files.entries];
  return {
    entries: parts.length > 0 ? [{ kind: 'folder', path: trashFolder, modified: now }, ...parts] : [],
    record: {
      albums: trashedAlbums.records.map((r, i) => ({ ...r, trashedAt: albums[i]!.trashedAt! })),
      photos: photos.records,
      files: files.records,
    },
  };
}

/**
 * Photos trashed on their own from the member's albums, under `Photos/<album>/`: the original as added where it
 * was kept (a video is its original), else the full-size JPEG named after it, or after the album.
 */
async function photoEntries(deps: Pick<JobDeps, 'db'>, userId: string, now: Date) {
  const photos = await deps.db.image.findMany({
    where: { album: { ownerId: userId }, trashedAt: { not: null } },
    include: { album: { select: { id: true, name: true } } },
    orderBy: [{ trashedAt: 'asc' }, { id: 'asc' }],
  });
  if (photos.length === 0) return { entries: [], records: [] };
  const top = `${trashFolder}Photos/`;
  const albumIds = [...new Set(photos.map((p) => p.album.id))];
  const albumNames = new Map(photos.map((p) => [p.album.id, p.album.name]));
  const folders = uniqueNames(albumIds.map((id) => safeSegment(albumNames.get(id)!)));
  const entries: ZipEntry[] = [{ kind: 'folder', path: top, modified: now }];
  const records: TrashRecord['photos'] = [];
  for (const [i, albumId] of albumIds.entries()) {
    const folder = `${top}${folders[i]}/`;
    entries.push({ kind: 'folder', path: folder, modified: now });
    const inAlbum = photos.filter((p) => p.album.id === albumId);
    const files = inAlbum.map((p) =>
      p.originalId && p.originalName !== null
        ? { name: p.originalName, blobKey: p.originalId, size: Number(p.originalSize) }
        : {
            name: `${splitExtension(photoName(p))[0]}.jpg`,
            blobKey: p.id,
            size: p.size ?? undefined,
          },
    );
    const names = uniqueNames(files.map((f) => safeSegment(f.name)));
    for (const [j, photo] of inAlbum.entries()) {
      const path = `${folder}${names[j]}`;
      entries.push({ kind: 'file', path, modified: photo.createdAt, ...files[j]! });
      records.push({
        album: photo.album.name,
        name: photoName(photo),
        trashedAt: photo.trashedAt!,
        fileInThisZip: path,
      });
    }
  }
  return { entries, records };
}

/** Trashed files and folders under `Files/`, each trashed top with what was in it. */
async function fileEntries(deps: Pick<JobDeps, 'db'>, userId: string, now: Date) {
  const { db } = deps;
  const top = 'top';
  const rows = await db.$queryRaw<(TreeRow & { trashedAt: Date; trashedFromId: string | null })[]>`
    SELECT "id"::text AS id, COALESCE("parentId"::text, ${top}) AS "parentId", "name", "isDirectory", "size",
      "blobKey", "createdAt", "trashedAt", "trashedFromId"::text AS "trashedFromId"
    FROM "FileNode" WHERE "ownerId" = ${userId}::uuid AND "trashedAt" IS NOT NULL
    ORDER BY "createdAt", "id"`;
  if (rows.length === 0) return { entries: [], records: [] };
  const folder = `${trashFolder}Files/`;
  const entries = treeEntries(rows, top, folder, now);
  // treeEntries writes the tops in the order of `rows`, each before what it holds: those right under `folder`.
  const topPaths = entries
    .map((e) => e.path)
    .filter((path) => path !== folder && !path.slice(folder.length).replace(/\/$/, '').includes('/'));
  const tops = rows.filter((r) => r.parentId === top && (r.isDirectory || r.blobKey));
  const places = await folderPaths(
    db,
    tops.flatMap((t) => t.trashedFromId ?? []),
  );
  const records = tops.map((t, i) => ({
    name: t.name,
    isFolder: t.isDirectory,
    place: (t.trashedFromId && places.get(t.trashedFromId)) ?? '',
    trashedAt: new Date(t.trashedAt),
    pathInThisZip: topPaths[i]!,
  }));
  return { entries, records };
}
