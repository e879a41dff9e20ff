import type { Db } from '../../db/database.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import { uniqueNames } from '../../zip/unique-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { albumZip } from '../albums/album-zip.ts';
import { treeEntries, type TreeRow } from '../files/folder-zip.ts';
import { exportData, type AlbumRecord } from './export-data.ts';

const albumsFolder = 'Albums/';
const filesFolder = 'Files/';

/**
 * Everything a data export holds, as zip entries: `Albums/<album>/` with each album's photos in its order (the
 * originals under their own names, or the full-size JPEG where none was kept), `Files/` with the member's files
 * and folders as they are arranged, and `data.json`. What is in the trash is left out.
 */
export async function exportEntries(
  deps: Pick<JobDeps, 'db' | 'blobs'>,
  userId: string,
): Promise<ZipEntry[]> {
  const now = new Date();
  const albums = await deps.db.photoAlbum.findMany({
    where: { ownerId: userId, trashedAt: null },
    orderBy: { rank: 'asc' },
  });
  const folders = uniqueNames(albums.map((a) => safeSegment(a.name)));
  const entries: ZipEntry[] = [{ kind: 'folder', path: albumsFolder, modified: now }];
  const records: AlbumRecord[] = [];
  for (const [i, album] of albums.entries()) {
    const zip = await albumZip(deps, { ...album, role: 'owner' }, userId);
    const folder = `${albumsFolder}${folders[i]}/`;
    // albumZip names its own top folder after the album; here clashing album names are numbered.
    const moved = zip.entries.map((e) => ({ ...e, path: folder + e.path.slice(e.path.indexOf('/') + 1) }));
    entries.push(...moved);
    records.push({ ...album, folder, photos: moved.filter((e) => e.kind === 'file').map((e) => e.path) });
  }
  entries.push(...(await fileEntries(deps.db, userId, now)));
  const data = await exportData(deps.db, userId, records);
  entries.push({
    kind: 'bytes',
    path: 'data.json',
    modified: now,
    bytes: Buffer.from(JSON.stringify(data, null, 2) + '\n'),
  });
  return entries;
}

/** The member's live files and folders under `Files/`, arranged as they are. */
async function fileEntries(db: Db, userId: string, now: Date): Promise<ZipEntry[]> {
  const top = 'top';
  const rows = await db.$queryRaw<TreeRow[]>`
    SELECT "id"::text AS id, COALESCE("parentId"::text, ${top}) AS "parentId", "name", "isDirectory", "size",
      "blobKey", "createdAt"
    FROM "FileNode" WHERE "ownerId" = ${userId}::uuid AND "trashedAt" IS NULL
    ORDER BY "createdAt", "id"`;
  return treeEntries(rows, top, filesFolder, now);
}
