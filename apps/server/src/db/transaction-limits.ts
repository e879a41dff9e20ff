/** How long an interactive transaction may wait to start, and then run, before Prisma gives it up. */
export interface TransactionLimits {
  maxWait: number;
  timeout: number;
}

/**
 * Prisma's defaults (2 s to start, 5 s to run) are for a server with room to spare. Here ten photos added at once
 * queue on their album's row lock, each holding it for a handful of queries, and on PGlite every transaction
 * waits for the one before it: on a small machine under load that queue takes more than 5 s. A transaction
 * that still runs out answers 503 (db/busy.ts), and the caller tries again.
 */
export const transactionLimits: TransactionLimits = { maxWait: 10_000, timeout: 30_000 };
