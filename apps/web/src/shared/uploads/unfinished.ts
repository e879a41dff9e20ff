/**
 * What a reload keeps of an upload that can carry on: enough to list it ("Unfinished: …") and to know the same
 * file when it is chosen again. The bytes themselves cannot be kept: the browser hands a file over only when the
 * member picks it.
 */
export interface Unfinished {
  /** Which feature carries it on (see `uploads.continueAs`), and where to: a folder id for 'file'. */
  kind: string;
  target: string;
  /** Where it was going, in words (a folder's name). */
  place: string;
  name: string;
  size: number;
  lastModified: number;
}

const storageKey = 'site.unfinishedUploads';

/** True when `file` is the one `unfinished` was made from (the server recognises a resumed upload the same way). */
export const sameFile = (unfinished: Unfinished, file: File) =>
  file.name === unfinished.name &&
  file.size === unfinished.size &&
  file.lastModified === unfinished.lastModified;

/** True for two records of one upload: the server carries on the same one wherever the file is chosen again. */
export const sameUpload = (a: Unfinished, b: Unfinished) =>
  a.kind === b.kind && a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** The uploads a page before this one left unfinished, oldest first. */
export function readUnfinished(): Unfinished[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(kept) ? kept.filter(isUnfinished) : [];
  } catch {
    return [];
  }
}

function write(list: Unfinished[]) {
  try {
    if (list.length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(list));
  } catch {
    // Storage refused (private mode, full): a reload then forgets the upload, as it did before.
  }
}

/** Keeps `upload` until `forgetUnfinished` (it finished, or the member gave it up). */
export function keepUnfinished(upload: Unfinished): void {
  write([...readUnfinished().filter((u) => !sameUpload(u, upload)), upload]);
}

export function forgetUnfinished(upload: Unfinished): void {
  write(readUnfinished().filter((u) => !sameUpload(u, upload)));
}

function isUnfinished(value: unknown): value is Unfinished {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['kind', 'target', 'place', 'name'].every((k) => typeof v[k] === 'string') &&
    ['size', 'lastModified'].every((k) => typeof v[k] === 'number')
  );
}
