import type { Db } from '../db/database.ts';
import { isBlobKey } from './blob-store.ts';

/** S3 staging key of a pending upload: the browser may PUT there, and the commit copies it to the final key. */
const stagingKey = /^uploads\/([0-9a-f-]{36})$/;

/**
 * Which of `keys` something still refers to: a file (FileNode.blobKey), an image, its thumbnail or rendition, a pending
 * upload (by its id, or its staging key `uploads/<id>`), or a queued delete-blobs job. The reconciler removes only
 * what this leaves out, so every new kind of reference belongs here. Keys of a shape the site never makes are
 * answered as referenced: a bucket may hold things that are not ours.
 */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const ids = new Map<string, string>();
  const referenced = new Set<string>();
  for (const key of keys) {
    const id = isBlobKey(key) ? key : stagingKey.exec(key)?.[1];
    if (id && isBlobKey(id)) ids.set(key, id);
    else referenced.add(key);
  }
  const plain = [...ids].filter(([key, id]) => key === id).map(([key]) => key);
  const [files, images, uploads, jobs] = await Promise.all([
    db.fileNode.findMany({ where: { blobKey: { in: plain } }, select: { blobKey: true } }),
    db.image.findMany({
      where: {
        OR: [{ id: { in: plain } }, { thumbnailId: { in: plain } }, { renditionId: { in: plain } }],
      },
      select: { id: true, thumbnailId: true, renditionId: true },
    }),
    db.pendingUpload.findMany({ where: { id: { in: [...new Set(ids.values())] } }, select: { id: true } }),
    db.job.findMany({ where: { kind: 'delete-blobs', state: 'PENDING' }, select: { payload: true } }),
  ]);
  const live = new Set<string>([
    ...files.map((f) => f.blobKey!),
    ...images.flatMap((i) => [i.id, i.thumbnailId, ...(i.renditionId ? [i.renditionId] : [])]),
    ...jobs.flatMap((j) => (j.payload as { keys?: string[] }).keys ?? []),
  ]);
  const pending = new Set(uploads.map((u) => u.id));
  for (const [key, id] of ids) if (live.has(key) || pending.has(id)) referenced.add(key);
  return referenced;
}
