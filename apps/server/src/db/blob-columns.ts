import { Prisma } from './generated/client.ts';

/**
 * Every column that holds a blob key, with the column that holds that blob's size in bytes and how its row finds
 * its owner. The one place that knows where blobs are referred to: the reconciler keeps what these refer to,
 * upload claims ask whether bytes are still wanted, purges free and storage accounting counts what they name. A new
 * kind of blob (an original, a video poster) is one more line here.
 */
export const blobColumns = [
  { table: 'FileNode', key: 'blobKey', size: 'size', uuid: false, owner: Prisma.sql`t."ownerId"` },
  // An image's id names its full-size JPEG only while it has JPEGs: a video kept without a poster has none.
  { table: 'Image', key: 'id', size: 'size', uuid: true, owner: imageOwner(), when: 'thumbnailId' },
  { table: 'Image', key: 'thumbnailId', size: 'thumbnailSize', uuid: true, owner: imageOwner() },
  { table: 'Image', key: 'renditionId', size: 'renditionSize', uuid: true, owner: imageOwner() },
  { table: 'Image', key: 'originalId', size: 'originalSize', uuid: true, owner: imageOwner() },
  // A reserved upload's id is the key its bytes are PUT to, and its announced size is charged from then on.
  { table: 'PendingUpload', key: 'id', size: 'size', uuid: true, owner: Prisma.sql`t."ownerId"` },
  // A member's data export, counted while it waits to be downloaded.
  { table: 'DataExport', key: 'blobKey', size: 'size', uuid: true, owner: Prisma.sql`t."userId"` },
] as const;

type BlobColumn = (typeof blobColumns)[number];

/**
 * SQL text that is true while `column` of a row names a blob: its key is set, and so is its `when` column if it
 * has one. Unqualified column names; for statements built as text (backups, the doctor).
 */
export const namesBlobText = (column: BlobColumn): string =>
  `"${column.key}" IS NOT NULL` + ('when' in column ? ` AND "${column.when}" IS NOT NULL` : '');

/** The `when` condition of `column` (see `blobColumns`) on row `t`, as an added conjunct; empty if none. */
const whenSql = (column: BlobColumn) =>
  'when' in column ? Prisma.sql` AND t.${Prisma.raw(`"${column.when}"`)} IS NOT NULL` : Prisma.empty;
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
  const tests = blobColumns.map((c) => {
    const value = c.uuid ? Prisma.sql`${key}::uuid` : key;
    return Prisma.sql`EXISTS (SELECT 1 FROM ${Prisma.raw(`"${c.table}"`)} t WHERE t.${Prisma.raw(`"${c.key}"`)} = ${value}${whenSql(c)})`;
  });
  return Prisma.join(tests, ' OR ', '(', ')');
}

/** A Prisma `select` of a table's key and size columns, for `blobsOf`. */
export function blobSelect<T extends Table>(table: T) {
  return Object.fromEntries(
    columnsOf(table).flatMap((c) => [
      [c.key, true],
      [c.size, true],
      ...('when' in c ? [[c.when, true]] : []),
    ]),
  ) as Record<Extract<BlobColumn, { table: T }>['key' | 'size'], true>;
}

/** The blobs one or more rows of `table` refer to: their keys, and their bytes (an unknown size counts as 0). */
export function blobsOf(table: Table, rows: Record<string, unknown>[]): { keys: string[]; bytes: bigint } {
  const keys: string[] = [];
  let bytes = 0n;
  for (const row of rows) {
    for (const column of columnsOf(table)) {
      const { key, size } = column;
      const value = row[key];
      if (typeof value !== 'string') continue;
      if ('when' in column && row[column.when] === null) continue;
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
    (c) => Prisma.sql`
      SELECT t.${Prisma.raw(`"${c.key}"`)}::text AS key
      FROM ${Prisma.raw(`"${c.table}"`)} t
      WHERE t.${Prisma.raw(`"${c.key}"`)} IS NOT NULL${whenSql(c)} AND ${c.owner} = ${userId}::uuid`,
  );
  return Prisma.join(parts, ' UNION ALL ');
}

/** Bytes of every blob `userId` holds, summed from the rows: what `User.storageUsed` must equal. */
export function storageSumSql(userId: string): Prisma.Sql {
  const parts = blobColumns.map(
    (c) => Prisma.sql`
      SELECT COALESCE(sum(t.${Prisma.raw(`"${c.size}"`)}), 0)::bigint AS bytes
      FROM ${Prisma.raw(`"${c.table}"`)} t
      WHERE t.${Prisma.raw(`"${c.key}"`)} IS NOT NULL${whenSql(c)} AND ${c.owner} = ${userId}::uuid`,
  );
  return Prisma.sql`SELECT COALESCE(sum(bytes), 0)::bigint AS bytes FROM (${Prisma.join(parts, ' UNION ALL ')}) b`;
}
