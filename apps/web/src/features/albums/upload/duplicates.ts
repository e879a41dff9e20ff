import { presentHashes } from '../api/present-hashes.ts';
import { contentHash } from './content-hash.ts';

/** A picked file and its SHA-256 (undefined when it could not be read; the upload then says why). */
export interface Picked {
  file: File;
  hash: string | undefined;
}

/** The picked files whose hash is neither `present` in the album nor picked before them in the same batch. */
export function dropDuplicates(picked: Picked[], present: ReadonlySet<string>): Picked[] {
  const seen = new Set(present);
  return picked.filter(({ hash }) => {
    if (hash === undefined) return true;
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  });
}

/** What the Uploads panel says of the photos left out. */
export const skippedNote = (skipped: number) =>
  skipped === 0 ? null : `${skipped} skipped: already in this album`;

/**
 * Hashes the picked files one after another (a phone holds one at a time) and asks the album which it has. When it
 * cannot be asked, every file goes up and the server refuses any duplicate itself.
 */
export async function withoutDuplicates(photoAlbumId: string, files: File[]) {
  const picked: Picked[] = [];
  for (const file of files) picked.push({ file, hash: await contentHash(file).catch(() => undefined) });
  const hashes = [...new Set(picked.flatMap(({ hash }) => (hash ? [hash] : [])))];
  const present =
    hashes.length === 0
      ? new Set<string>()
      : await presentHashes(photoAlbumId, hashes).catch(() => new Set<string>());
  const fresh = dropDuplicates(picked, present);
  return { fresh, skipped: picked.length - fresh.length };
}
