import type { Db } from '../db/database.ts';
import { withDatabase, type CliCommand } from './command.ts';

/** `jobs`: pending and dead jobs per kind, then each dead job with its last error. */
export const jobsCommand: CliCommand = {
  usage: 'pnpm admin jobs                 (pending and dead jobs; dead ones with their last error)',
  run: (args) => (args.length > 0 ? Promise.resolve(2) : withDatabase('pnpm admin jobs', listJobs)),
};

async function listJobs({ db }: { db: Db }): Promise<number> {
  const counts = await db.job.groupBy({
    by: ['kind', 'state'],
    _count: { _all: true },
    orderBy: { kind: 'asc' },
  });
  if (counts.length === 0) console.log('no jobs');
  for (const c of counts) console.log(`${c.kind.padEnd(20)} ${c.state.padEnd(8)} ${c._count._all}`);
  const dead = await db.job.findMany({ where: { state: 'DEAD' }, orderBy: { createdAt: 'asc' } });
  if (dead.length > 0) console.log('\ndead jobs:');
  for (const job of dead) {
    console.log(
      `${job.id} ${job.kind} enqueued ${job.createdAt.toISOString()}, ${job.attempts} attempts: ${job.lastError ?? ''}`,
    );
  }
  return 0;
}
