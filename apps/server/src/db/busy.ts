import { errorChain } from '../http/error-chain.ts';

/** PostgreSQL's lock_not_available: a statement waited on a lock longer than lock_timeout. */
const lockTimeout = '55P03';
/** Prisma's interactive transactions (P2028) that are programming errors, not a database too busy to answer. */
const transactionBugs = [/Internal Consistency Error/, /Invalid isolation level/];

/**
 * Whether `err` (or anything in its cause chain) says the database was too busy for the request in time: a
 * transaction that could not start, expired while it waited (Prisma's P2028, "Transaction already closed"), or a
 * lock not granted within lock_timeout. Nothing was committed; the same request may well succeed a moment later.
 */
export function isDatabaseBusy(err: unknown): boolean {
  for (const { code, message } of errorChain(err)) {
    if (code === lockTimeout) return true;
    if (code === 'P2028')
      return !transactionBugs.some((bug) => typeof message === 'string' && bug.test(message));
  }
  return false;
}
