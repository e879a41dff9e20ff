import type { Db } from '../../db/database.ts';
import { safeSegment } from '../../zip/entry-names.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { ownedFolder } from './access.ts';
import { numberedName } from './names.ts';

export interface TreeRow {
  id: string;
  parentId: string;
  name: string;
  isDirectory: boolean;
  size: bigint;
  blobKey: string | null;
  createdAt: Date;
}

/**
 * Hands out names unique within one folder of an archive, compared case-insensitively as Windows and macOS
 * compare them: a clash becomes `name (2).ext`.
 */
export class FolderNames {
  private readonly taken = new Set<string>();

  claim(name: string, isFile: boolean): string {
    const safe = safeSegment(name);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? safe : numberedName(safe, n, isFile);
      const key = candidate.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}

/**
 * The owner's folder `folderId` (404 if not theirs, 400 for a file) as zip entries under one top folder of its
 * name (see `folderEntries`).
 */
export async function folderZip(db: Db, ownerId: string, folderId: string) {
  const folder = await ownedFolder(db, ownerId, folderId);
  const top = safeSegment(folder.name);
  return { fileName: `${top}.zip`, entries: await folderEntries(db, folder, `${top}/`) };
}

/**
 * `folder` as zip entries under `top` (a path ending in /), structure kept, every folder listed (empty ones too),
 * each name made safe and unique among its siblings (on a clash the older node keeps its name).
 */
export async function folderEntries(
  db: Db,
  folder: { id: string; createdAt: Date },
  top: string,
): Promise<ZipEntry[]> {
  const rows = await db.$queryRaw<TreeRow[]>`
    WITH RECURSIVE sub AS (
      SELECT "id", "parentId", "name", "isDirectory", "size", "blobKey", "createdAt"
        FROM "FileNode" WHERE "parentId" = ${folder.id}::uuid
      UNION ALL
      SELECT f."id", f."parentId", f."name", f."isDirectory", f."size", f."blobKey", f."createdAt"
        FROM "FileNode" f JOIN sub s ON f."parentId" = s."id"
    )
    SELECT "id"::text AS id, "parentId"::text AS "parentId", "name", "isDirectory", "size", "blobKey",
      "createdAt" FROM sub ORDER BY "createdAt", "id"`;
  return treeEntries(rows, folder.id, top, folder.createdAt);
}

/**
 * The nodes `rows` under the one whose id is `rootId` (their `parentId`s lead to it) as zip entries under `top`,
 * with a folder entry for `top` itself dated `modified`.
 */
export function treeEntries(rows: TreeRow[], rootId: string, top: string, modified: Date): ZipEntry[] {
  const children = new Map<string, TreeRow[]>();
  for (const row of rows) {
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }

  const entries: ZipEntry[] = [{ kind: 'folder', path: top, modified }];
  // Depth first with a stack of its own: folders may nest deeper than the call stack goes.
  const inside = (id: string, prefix: string) => ({
    prefix,
    names: new FolderNames(),
    rest: (children.get(id) ?? []).values(),
  });
  const open = [inside(rootId, top)];
  while (open.length > 0) {
    const level = open.at(-1)!;
    const next = level.rest.next();
    if (next.done) {
      open.pop();
      continue;
    }
    const node = next.value;
    const path = `${level.prefix}${level.names.claim(node.name, !node.isDirectory)}`;
    if (node.isDirectory) {
      entries.push({ kind: 'folder', path: `${path}/`, modified: node.createdAt });
      open.push(inside(node.id, `${path}/`));
    } else if (node.blobKey) {
      const size = Number(node.size);
      entries.push({ kind: 'file', path, modified: node.createdAt, blobKey: node.blobKey, size });
    }
  }
  return entries;
}
