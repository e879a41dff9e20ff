import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Job } from '../db/generated/client.ts';
import { retryDelayMs } from './backoff.ts';
import { jobFailures } from './metrics.ts';
import { claimJobs, releaseJobs } from './claim.ts';
import type { JobDeps } from './deps.ts';
import { isJobKind, jobKinds, type JobKindSpec } from './handlers.ts';
import type { JobKind, JobPayloads } from './kinds.ts';

export interface JobRunnerOptions {
  /** How often to look for due jobs when there was nothing to do. */
  pollMs?: number;
  /** Jobs claimed (and run side by side) at once. */
  batchSize?: number;
  /** How long a claim lasts; a job still running then may be claimed by another runner. */
  lockMs?: number;
  /** First retry delay; doubles per failure up to backoffMaxMs (tests make it small). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long stop() waits for running jobs before giving their claims back. */
  stopTimeoutMs?: number;
  /** Names this runner in lockedBy. */
  runnerId?: string;
}

export interface JobRunner {
  /** Stops claiming, waits for running jobs (up to stopTimeoutMs) and releases the claims of those still running. */
  stop(): Promise<void>;
}

const defaults = {
  pollMs: 1000,
  batchSize: 5,
  lockMs: 5 * 60 * 1000,
  backoffBaseMs: 15_000,
  backoffMaxMs: 60 * 60 * 1000,
  stopTimeoutMs: 10_000,
};

type Settings = typeof defaults & { runnerId: string };

const settingsOf = (options: JobRunnerOptions): Settings => ({
  ...defaults,
  runnerId: `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  ...options,
});

/** Runs one job; deletes it on success, reschedules it (or marks it DEAD past its kind's give-up age) on failure. */
async function runJob(deps: JobDeps, settings: Settings, job: Job): Promise<void> {
  const { db, logger } = deps;
  try {
    if (!isJobKind(job.kind)) throw new Error(`unknown job kind ${job.kind}`);
    // The payload was written by enqueue() for this very kind.
    const spec = jobKinds[job.kind] as JobKindSpec<JobKind>;
    await spec.run(deps, job.payload as unknown as JobPayloads[JobKind]);
    await db.job.deleteMany({ where: { id: job.id } });
  } catch (err) {
    jobFailures.inc({ kind: job.kind });
    const lastError = String((err as Error)?.message ?? err).slice(0, 2000);
    const giveUpAfterMs = isJobKind(job.kind) ? jobKinds[job.kind].giveUpAfterMs : 0;
    const mine = { id: job.id, lockedBy: settings.runnerId };
    if (Date.now() - job.createdAt.getTime() >= giveUpAfterMs) {
      await db.job.updateMany({
        where: mine,
        data: { state: 'DEAD', lockedBy: null, lockedUntil: null, lastError },
      });
      logger.error(
        { err, jobId: job.id, kind: job.kind, attempts: job.attempts },
        'job gave up: marked dead',
      );
    } else {
      const delay = retryDelayMs(job.attempts, settings.backoffBaseMs, settings.backoffMaxMs);
      await db.job.updateMany({
        where: mine,
        data: { runAt: new Date(Date.now() + delay), lockedBy: null, lockedUntil: null, lastError },
      });
      logger.warn(
        { err, jobId: job.id, kind: job.kind, attempts: job.attempts, retryInMs: delay },
        'job failed',
      );
    }
  }
}

/**
 * Claims one batch of due jobs and runs them; answers how many it claimed. Tests and the CLI call it directly
 * to work the queue off without a background loop.
 */
export async function runDueJobs(deps: JobDeps, options: JobRunnerOptions = {}): Promise<number> {
  const settings = settingsOf(options);
  const jobs = await claimJobs(deps.db, settings.runnerId, {
    limit: settings.batchSize,
    lockMs: settings.lockMs,
  });
  await Promise.all(jobs.map((job) => runJob(deps, settings, job)));
  return jobs.length;
}

/** Starts a background loop that claims and runs due jobs until stop(). Several servers may each run one. */
export function startJobRunner(deps: JobDeps, options: JobRunnerOptions = {}): JobRunner {
  const settings = settingsOf(options);
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // While the database is down every claim fails: the first failure is logged with its cause, the rest only
  // counted, and claims are tried less often (up to a minute apart) until one works again.
  let failedClaims = 0;
  const loop = (async () => {
    while (!stopped) {
      let claimed: Job[];
      try {
        claimed = await claimJobs(deps.db, settings.runnerId, {
          limit: settings.batchSize,
          lockMs: settings.lockMs,
        });
        if (failedClaims > 0) deps.logger.info({ failedClaims }, 'claiming jobs works again');
        failedClaims = 0;
      } catch (err) {
        if (failedClaims++ === 0) deps.logger.error({ err }, 'claiming jobs failed; retrying quietly');
        if (!stopped) await pause(Math.min(settings.pollMs * 2 ** Math.min(failedClaims, 6), 60_000));
        continue;
      }
      for (const job of claimed) {
        const run = runJob(deps, settings, job)
          .catch((err: unknown) => deps.logger.error({ err, jobId: job.id }, 'job bookkeeping failed'))
          .finally(() => running.delete(job.id));
        running.set(job.id, run);
      }
      await Promise.all(running.values());
      if (claimed.length < settings.batchSize && !stopped) await pause(settings.pollMs);
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      const timeout = new Promise<'timeout'>((resolve) =>
        setTimeout(() => resolve('timeout'), settings.stopTimeoutMs).unref(),
      );
      if ((await Promise.race([loop.then(() => 'done' as const), timeout])) === 'timeout') {
        await releaseJobs(deps.db, settings.runnerId, [...running.keys()]);
        deps.logger.warn(
          { jobs: running.size },
          'job runner stopped with jobs still running; claims released',
        );
      }
    },
  };
}
