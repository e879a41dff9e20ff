import type { JobDeps } from '../../jobs/deps.ts';
import type { PhotoAlbum } from '../../db/generated/client.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import { uniqueNames } from '../../zip/unique-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { albumZip } from '../albums/album-zip.ts';
import type { AlbumRecord } from './export-data.ts';

/**
 * The member's `albums` as zip entries under `top` (`Albums/`), one folder each (clashing names numbered), with
 * the photos albumZip puts in an album's zip; and what data.json says of each.
 */
export async function albumEntries(
  deps: Pick<JobDeps, 'db' | 'blobs'>,
  userId: string,
  albums: PhotoAlbum[],
  top: string,
  now: Date,
): Promise<{ entries: ZipEntry[]; records: AlbumRecord[] }> {
  const folders = uniqueNames(albums.map((a) => safeSegment(a.name)));
  const entries: ZipEntry[] = [{ kind: 'folder', path: top, modified: now }];
  const records: AlbumRecord[] = [];
  for (const [i, album] of albums.entries()) {
    const zip = await albumZip(deps, { ...album, role: 'owner' }, userId);
    const folder = `${top}${folders[i]}/`;
    // albumZip names its own top folder after the album; here clashing album names are numbered.
    const moved = zip.entries.map((e) => ({ ...e, path: folder + e.path.slice(e.path.indexOf('/') + 1) }));
    entries.push(...moved);
    records.push({ ...album, folder, photos: moved.filter((e) => e.kind === 'file').map((e) => e.path) });
  }
  return { entries, records };
}
