import { Prisma } from '../db/generated/client.ts';
import { blobReferenced } from '../db/blob-columns.ts';
import type { Db } from '../db/database.ts';

/**
 * Lets the upload `key` take a PUT again: its delivered bytes were refused and removed. (A completion that fails
 * while it holds the upload gives it back through its `UploadLease`.)
 */
export async function releaseUpload(db: Pick<Db, 'pendingUpload'>, key: string): Promise<void> {
  await db.pendingUpload.updateMany({ where: { id: key }, data: { receivedAt: null } });
}

/**
 * True while something still wants the bytes of upload `key`: the upload itself, or the file or image it was
 * committed as (a commit may land between a PUT's last byte and this check). False once it was removed. One
 * statement, so one snapshot: asked as several, a commit landing between them could hide the upload from the first
 * and its file from the second, and the bytes of a committed file would be thrown away.
 */
export async function isWanted(db: Db, key: string): Promise<boolean> {
  const [row] = await db.$queryRaw<
    { wanted: boolean }[]
  >`SELECT ${blobReferenced(Prisma.sql`${key}`)} AS wanted`;
  return row?.wanted === true;
}

/**
 * True while the multipart upload `key` takes parts (it exists and create-file is not joining them), and then
 * notes that its bytes move, which keeps the sweep away for another day: one statement, so a part PUT costs one
 * round trip to the database. A join that claims the upload at the same moment is ordered by the row's lock.
 */
export async function touchTakingParts(db: Pick<Db, 'pendingUpload'>, key: string): Promise<boolean> {
  const { count } = await db.pendingUpload.updateMany({
    where: { id: key, receivedAt: null, partSize: { not: null } },
    data: { touchedAt: new Date() },
  });
  return count === 1;
}

/** Notes that bytes of upload `key` moved, which keeps the sweep away for another day; false once it is gone. */
export async function touchUpload(db: Pick<Db, 'pendingUpload'>, key: string): Promise<boolean> {
  const { count } = await db.pendingUpload.updateMany({
    where: { id: key },
    data: { touchedAt: new Date() },
  });
  return count === 1;
}
