import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import type { ZipEntry } from '../../zip/zip-archive.ts';
import { folderEntries, FolderNames } from './folder-zip.ts';

/** The name of a selection's archive: the nodes share no folder name to give it. */
const selectionFileName = 'Files.zip';

/**
 * The owner's live nodes `ids` as the top level of one zip, in the order given: a file as itself, a folder with
 * everything in it, names made safe and unique as in a folder's zip. 404 when any id is not one of them (someone
 * else's, in the trash or unknown, alike), so nothing is downloaded short.
 */
export async function selectionZip(db: Db, ownerId: string, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  const found = await db.fileNode.findMany({ where: { id: { in: wanted }, ownerId, trashedAt: null } });
  if (found.length !== wanted.length) throw notFound('No such file or folder');
  const byId = new Map(found.map((node) => [node.id, node]));
  const names = new FolderNames();
  const entries: ZipEntry[] = [];
  for (const id of wanted) {
    const node = byId.get(id)!;
    const name = names.claim(node.name, !node.isDirectory);
    if (node.isDirectory) entries.push(...(await folderEntries(db, node, `${name}/`)));
    else if (node.blobKey) {
      const { createdAt: modified, blobKey } = node;
      entries.push({ kind: 'file', path: name, modified, blobKey, size: Number(node.size) });
    }
  }
  return { fileName: selectionFileName, entries };
}
