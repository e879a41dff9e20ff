import { Counter } from 'prom-client';
import type { Db } from '../db/database.ts';
import { registerGauge, registry } from '../metrics/registry.ts';
import { jobKinds } from './handlers.ts';

const kinds = Object.keys(jobKinds);
const states = ['PENDING', 'DEAD'] as const;

/** Job runs that failed, by kind: every failed attempt counts, retried or given up. */
export const jobFailures = new Counter({
  name: 'job_failures_total',
  help: 'Job runs that failed, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});
for (const kind of kinds) jobFailures.inc({ kind }, 0);

/**
 * The queue read at scrape time: jobs by kind and state (PENDING: waiting or running; DEAD: given up, listed by
 * `pnpm admin jobs`), every pair from the first scrape on, and how long the oldest due job has waited. A growing
 * PENDING count or age means a part (SMTP, the blob store) is down. Both describe the database, not the process:
 * every app server on it reports the same figures, so aggregate them with max, not sum.
 */
export function registerJobMetrics(db: Db): void {
  registerGauge({
    name: 'jobs',
    help: 'Jobs in the queue, by kind and state (the same from every app server on one database)',
    labelNames: ['kind', 'state'],
    collect: async () => {
      const counts = await db.job.groupBy({ by: ['kind', 'state'], _count: { _all: true } });
      const countOf = (kind: string, state: string) =>
        counts.find((g) => g.kind === kind && g.state === state)?._count._all ?? 0;
      return kinds.flatMap((kind) =>
        states.map((state) => ({ labels: { kind, state }, value: countOf(kind, state) })),
      );
    },
  });
  registerGauge({
    name: 'jobs_oldest_due_age_seconds',
    help: 'Seconds the oldest pending job has been due without finishing (0 when none is due)',
    collect: async () => {
      const oldest = await db.job.findFirst({
        where: { state: 'PENDING', runAt: { lte: new Date() } },
        orderBy: { runAt: 'asc' },
        select: { runAt: true },
      });
      return oldest ? (Date.now() - oldest.runAt.getTime()) / 1000 : 0;
    },
  });
}
