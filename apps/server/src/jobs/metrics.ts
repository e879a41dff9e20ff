import { Counter } from 'prom-client';
import type { Db } from '../db/database.ts';
import { registerGauge, registry } from '../metrics/registry.ts';

/** Job runs that failed, by kind: every failed attempt counts, retried or given up. */
export const jobFailures = new Counter({
  name: 'job_failures_total',
  help: 'Job runs that failed, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

/**
 * The queue's depth, read at scrape time: jobs by kind and state (PENDING: waiting or running; DEAD: given up,
 * listed by `pnpm admin jobs`). A growing PENDING count means a part (SMTP, the blob store) is down.
 */
export function registerJobMetrics(db: Db): void {
  registerGauge({
    name: 'jobs',
    help: 'Jobs in the queue, by kind and state',
    labelNames: ['kind', 'state'],
    collect: async () =>
      (await db.job.groupBy({ by: ['kind', 'state'], _count: { _all: true } })).map((g) => ({
        labels: { kind: g.kind, state: g.state },
        value: g._count._all,
      })),
  });
}
