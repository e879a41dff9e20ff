/**
 * The durable job queue: side effects that follow a commit (mail, blob deletion) are rows in the `Job` table,
 * inserted by the transaction that causes them, so they happen if and only if that change commits.
 *
 * Why a table of our own rather than pg-boss or graphile-worker: both want a `pg` pool of their own (LISTEN/NOTIFY
 * on a dedicated connection, advisory locks held across connections; graphile-worker also needs Node 22), and
 * both insert jobs through that pool, so a job could not commit in the same Prisma transaction as the change. The
 * embedded database, PGlite, is one in-process connection with no second connection to listen on. One `UPDATE …
 * WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING` claims jobs on PGlite and PostgreSQL alike and keeps
 * several app servers from taking the same job; polling replaces NOTIFY. Runner: runner.ts; kinds: kinds.ts.
 */
import type { Prisma } from '../db/generated/client.ts';
import type { JobKind, JobPayloads } from './kinds.ts';

/** Anything that can write a job: the Prisma client, or better the transaction making the change. */
export type JobWriter = Pick<Prisma.TransactionClient, 'job'>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
}

/**
 * Adds a job and answers its id; pass the transaction client of the change that causes it, so both commit or
 * neither does.
 */
export async function enqueue<K extends JobKind>(
  tx: JobWriter,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<string> {
  const job = await tx.job.create({
    data: { kind, payload: payload as unknown as Prisma.InputJsonValue, runAt: options.runAt ?? new Date() },
    select: { id: true },
  });
  return job.id;
}
