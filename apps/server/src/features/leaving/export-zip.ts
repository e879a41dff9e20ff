import type { Db } from '../../db/database.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { treeEntries, type TreeRow } from '../files/folder-zip.ts';
import { albumEntries } from './export-albums.ts';
import { exportData } from './export-data.ts';
import { trashEntries } from './export-trash.ts';

const albumsFolder = 'Albums/';
const filesFolder = 'Files/';

/**
 * Everything a data export holds, as zip entries: `Albums/<album>/` with each album's photos in its order (the
 * originals under their own names, or the full-size JPEG where none was kept), `Files/` with the member's files
 * and folders as they are arranged, `Trash/` with what is in the trash and not yet purged (export-trash.ts), and
 * `data.json`.
 */
export async function exportEntries(
  deps: Pick<JobDeps, 'db' | 'blobs' | 'config'>,
  userId: string,
): Promise<ZipEntry[]> {
  const now = new Date();
  const albums = await deps.db.photoAlbum.findMany({
    where: { ownerId: userId, trashedAt: null },
    orderBy: { rank: 'asc' },
  });
  const live = await albumEntries(deps, userId, albums, albumsFolder, now);
  const trash = await trashEntries(deps, userId, now);
  const entries = [...live.entries, ...(await fileEntries(deps.db, userId, now)), ...trash.entries];
  const data = await exportData(deps.db, userId, live.records, trash.record, deps.config.trashMs);
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
