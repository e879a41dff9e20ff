import { Prisma } from './generated/client.ts';

/**
 * Every column that holds a blob key, with the column that holds that blob's size in bytes and how its row finds
 * its owner. The one place that knows where blobs are referred to: the reconciler keeps what these refer to,
 * upload claims ask whether bytes are still wanted, purges free and storage accounting counts what they name. A new
 * kind of blob (an original, a video poster) is one more line here.
 */
export const blobColumns = [
  { table: 'FileNode', key: 'blobKey', size: 'size', uuid: false, owner: Prisma.sql`t."ownerId"` },
  { table: 'Image', key: 'id', size: 'size', uuid: true, owner: imageOwner() },
  { table: 'Image', key: 'thumbnailId', size: 'thumbnailSize', uuid: true, owner: imageOwner() },
  { table: 'Image', key: 'renditionId', size: 'renditionSize', uuid: true, owner: imageOwner() },
  { table: 'Image', key: 'originalId', size: 'originalSize', uuid: true, owner: imageOwner() },
  // A reserved upload's id is the key its bytes are PUT to, and its announced size is charged from then on.
  { table: 'PendingUpload', key: 'id', size: 'size', uuid: true, owner: Prisma.sql`t."ownerId"` },
  // A member's data export, counted while it waits to be downloaded.
  { table: 'DataExport', key: 'blobKey', size: 'size', uuid: true, owner: Prisma.sql`t."userId"` },
] as const;

type BlobColumn = (typeof blobColumns)[number];
type Table = BlobColumn['table'];

/**
 * Who holds an image's blobs: whoever added it; an image from before contributors is the album owner's. The same
 * rule as SQL is `imageOwner`.
 */
export const imageHolder = (image: { addedById: string | null }, albumOwnerId: string): string =>
  image.addedById ?? albumOwnerId;

function imageOwner() {
  return Prisma.sql`COALESCE(t."addedById", (SELECT a."ownerId" FROM "PhotoAlbum" a WHERE a.id = t."albumId"))`;
}

const columnsOf = (table: Table) => blobColumns.filter((c) => c.table === table);

/**
 * SQL that is true while some row refers to the blob key `key` (a text expression or parameter). Keys of uploads
 * are UUIDs; a key that is not one is compared as text only with the text columns.
 */
export function blobReferenced(key: Prisma.Sql): Prisma.Sql {
  const tests = blobColumns.map(({ table, key: column, uuid }) => {
    const value = uuid ? Prisma.sql`${key}::uuid` : key;
    return Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(`"${table}"`)} WHERE ${Prisma.raw(`"${column}"`)} = ${value})`;
  });
  return Prisma.join(tests, ' OR ', '(', ')');
}

/** A Prisma `select` of a table's key and size columns, for `blobsOf`. */
export function blobSelect<T extends Table>(table: T) {
  return Object.fromEntries(
    columnsOf(table).flatMap((c) => [
      [c.key, true],
      [c.size, true],
    ]),
  ) as Record<Extract<BlobColumn, { table: T }>['key' | 'size'], true>;
}

/** The blobs one or more rows of `table` refer to: their keys, and their bytes (an unknown size counts as 0). */
export function blobsOf(table: Table, rows: Record<string, unknown>[]): { keys: string[]; bytes: bigint } {
  const keys: string[] = [];
  let bytes = 0n;
  for (const row of rows) {
    for (const { key, size } of columnsOf(table)) {
      const value = row[key];
      if (typeof value !== 'string') continue;
      keys.push(value);
      const n = row[size];
      if (typeof n === 'number' || typeof n === 'bigint') bytes += BigInt(n);
    }
  }
  return { keys, bytes };
}

/** The key of every blob `userId` holds, as one column `key` (text). */
export function heldKeysSql(userId: string): Prisma.Sql {
  const parts = blobColumns.map(
    ({ table, key, owner }) => Prisma.sql`
      SELECT t.${Prisma.raw(`"${key}"`)}::text AS key
      FROM ${Prisma.raw(`"${table}"`)} t
      WHERE t.${Prisma.raw(`"${key}"`)} IS NOT NULL AND ${owner} = ${userId}::uuid`,
  );
  return Prisma.join(parts, ' UNION ALL ');
}

/** Bytes of every blob `userId` holds, summed from the rows: what `User.storageUsed` must equal. */
export function storageSumSql(userId: string): Prisma.Sql {
  const parts = blobColumns.map(
    ({ table, key, size, owner }) => Prisma.sql`
      SELECT COALESCE(sum(t.${Prisma.raw(`"${size}"`)}), 0)::bigint AS bytes
      FROM ${Prisma.raw(`"${table}"`)} t
      WHERE t.${Prisma.raw(`"${key}"`)} IS NOT NULL AND ${owner} = ${userId}::uuid`,
  );
  return Prisma.sql`SELECT COALESCE(sum(bytes), 0)::bigint AS bytes FROM (${Prisma.join(parts, ' UNION ALL ')}) b`;
}
