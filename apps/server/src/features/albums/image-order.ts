import type { ImageOrder } from '@site/contract';
import { Prisma, type ImageOrder as StoredOrder } from '../../db/generated/client.ts';

/** The contract's names of the orders as the database stores them. */
export const storedOrder: Record<ImageOrder, StoredOrder> = { manual: 'MANUAL', taken: 'TAKEN' };

/** The database's order as the contract names it. */
export const orderName = (order: StoredOrder): ImageOrder => (order === 'TAKEN' ? 'taken' : 'manual');

/**
 * The ORDER BY of an album's live images over "Image" `alias`, the one rule the list, the viewer's steps and the
 * zip follow: by rank, or by capture date with photos that have none after the rest, by when they were added; the
 * id keeps equal times in a stable order.
 */
export function imageOrderSql(order: StoredOrder, alias: string): Prisma.Sql {
  const i = Prisma.raw(`"${alias}"`);
  return order === 'TAKEN'
    ? Prisma.sql`${i}."takenAt" ASC NULLS LAST, ${i}."createdAt", ${i}.id`
    : Prisma.sql`${i}.rank`;
}

/** The same order backwards, last photo first: to read the photos just before a place in the album. */
export function reverseImageOrderSql(order: StoredOrder, alias: string): Prisma.Sql {
  const i = Prisma.raw(`"${alias}"`);
  return order === 'TAKEN'
    ? Prisma.sql`${i}."takenAt" DESC NULLS FIRST, ${i}."createdAt" DESC, ${i}.id DESC`
    : Prisma.sql`${i}.rank DESC`;
}
