import { Prisma } from '../db/generated/client.ts';
import type { Db } from '../db/database.ts';
import { blobReferenced } from '../db/blob-columns.ts';
import { isBlobKey } from './blob-store.ts';

/** S3 staging key of a pending upload: the browser may PUT there, and the commit copies it to the final key. */
const stagingKey = /^uploads\/([0-9a-f-]{36})$/;

/**
 * Which of `keys` something still refers to: a row of db/blob-columns.ts, a pending upload by its staging key
 * `uploads/<id>`, or a queued delete-blobs job. The reconciler removes only what this leaves out. Keys of a shape
 * the site never makes are answered as referenced: a bucket may hold things that are not ours.
 */
export async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  const plain: string[] = [];
  const staged = new Map<string, string>();
  for (const key of keys) {
    const id = stagingKey.exec(key)?.[1];
    if (isBlobKey(key)) plain.push(key);
    else if (id && isBlobKey(id)) staged.set(id, key);
    else referenced.add(key);
  }
  const [rows, uploads, jobs] = await Promise.all([
    plain.length === 0
      ? []
      : db.$queryRaw<{ key: string }[]>`
          SELECT k AS key FROM unnest(${plain}::text[]) AS k WHERE ${blobReferenced(Prisma.sql`k`)}`,
    db.pendingUpload.findMany({ where: { id: { in: [...staged.keys()] } }, select: { id: true } }),
    db.job.findMany({ where: { kind: 'delete-blobs', state: 'PENDING' }, select: { payload: true } }),
  ]);
  for (const { key } of rows) referenced.add(key);
  for (const { id } of uploads) referenced.add(staged.get(id)!);
  const queued = new Set(jobs.flatMap((j) => (j.payload as { keys?: string[] }).keys ?? []));
  for (const key of keys) if (queued.has(key)) referenced.add(key);
  return referenced;
}
