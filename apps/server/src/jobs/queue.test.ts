import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase } from '../../test/database.ts';
import { testConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { claimJobs } from './claim.ts';
import type { JobDeps } from './deps.ts';
import { enqueue } from './queue.ts';
import { runDueJobs, startJobRunner } from './runner.ts';

const logger = pino({ level: 'silent' });
const config = testConfig('/nonexistent');

/** A blob store that records every removal, and fails or hangs when told to. */
function recordingStore(behaviour: { fail?: boolean; hang?: Promise<void>; delayMs?: number } = {}) {
  const removals: string[] = [];
  let running = 0;
  const store = {
    async remove(keys: string[]) {
      if (behaviour.fail) throw new Error('store is down');
      running++;
      await (behaviour.hang ?? new Promise((r) => setTimeout(r, behaviour.delayMs ?? 0)));
      removals.push(...keys);
      running--;
    },
  } as unknown as BlobStore;
  return { store, removals, running: () => running };
}

let database: Database & { url?: string };
const deps = (blobs: BlobStore, db = database.prisma): JobDeps => ({
  db,
  blobs,
  logger,
  config,
  mailer: { send: async () => {} },
});

beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());

const keys = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `${tag}-${String(i).padStart(3, '0')}`);

describe(`the job queue (${databaseKind})`, () => {
  it('commits a job only with the transaction that enqueues it', async () => {
    const db = database.prisma;
    await db
      .$transaction(async (tx) => {
        await enqueue(tx, 'delete-blobs', { keys: ['rolled-back'] });
        throw new Error('the change fails');
      })
      .catch(() => {});
    await db.$transaction((tx) => enqueue(tx, 'delete-blobs', { keys: ['committed'] }));
    const { store, removals } = recordingStore();
    while ((await runDueJobs(deps(store))) > 0);
    expect(removals).toEqual(['committed']);
    expect(await db.job.count()).toBe(0);
  });

  it('retries a failing job later with backoff, and marks it dead with its error past its give-up age', async () => {
    const db = database.prisma;
    await enqueue(db, 'delete-blobs', { keys: ['k'] });
    const down = recordingStore({ fail: true });
    expect(await runDueJobs(deps(down.store), { backoffBaseMs: 60_000 })).toBe(1);
    const [retry] = await db.job.findMany();
    expect(retry).toMatchObject({
      state: 'PENDING',
      attempts: 1,
      lastError: 'store is down',
      lockedBy: null,
    });
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now() + 25_000);
    expect(await runDueJobs(deps(down.store))).toBe(0); // not due yet

    // Eight days later the store still fails: the job gives up.
    await db.job.update({
      where: { id: retry!.id },
      data: { runAt: new Date(), createdAt: new Date(Date.now() - 8 * 864e5) },
    });
    expect(await runDueJobs(deps(down.store))).toBe(1);
    expect(await db.job.findMany()).toEqual([
      expect.objectContaining({ state: 'DEAD', attempts: 2, lastError: 'store is down' }),
    ]);
    expect(await runDueJobs(deps(recordingStore().store))).toBe(0);
    await db.job.deleteMany();
  });

  it('backs a failing job off further after each failure, up to backoffMaxMs', async () => {
    const db = database.prisma;
    await enqueue(db, 'delete-blobs', { keys: ['flaky'] });
    const down = recordingStore({ fail: true });
    // Each retry's delay lies between half its bound and its bound: 1, 2, 4, 8 s, then 16 s for good.
    const bounds = [1000, 2000, 4000, 8000, 16_000, 16_000, 16_000];
    for (const bound of bounds) {
      const before = Date.now();
      expect(await runDueJobs(deps(down.store), { backoffBaseMs: 1000, backoffMaxMs: 16_000 })).toBe(1);
      const after = Date.now();
      const { runAt } = await db.job.findFirstOrThrow();
      expect(runAt.getTime() - before).toBeGreaterThanOrEqual(bound / 2);
      expect(runAt.getTime() - after).toBeLessThanOrEqual(bound);
      await db.job.updateMany({ data: { runAt: new Date() } });
    }
    await db.job.deleteMany();
  });

  it("claims a crashed runner's job again once its claim expires, and not before", async () => {
    const db = database.prisma;
    await enqueue(db, 'delete-blobs', { keys: ['held'] });
    expect(await claimJobs(db, 'crashed-server', { limit: 5, lockMs: 60_000 })).toHaveLength(1);
    const { store, removals } = recordingStore();
    expect(await runDueJobs(deps(store))).toBe(0);
    await db.job.updateMany({ data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await runDueJobs(deps(store))).toBe(1);
    expect(removals).toEqual(['held']);
  });

  it('stop() waits for running jobs, and gives back the claims of those that do not finish in time', async () => {
    const db = database.prisma;
    await enqueue(db, 'delete-blobs', { keys: ['quick'] });
    const quick = recordingStore({ delayMs: 200 });
    const runner = startJobRunner(deps(quick.store), { pollMs: 20, stopTimeoutMs: 5000 });
    while (quick.running() === 0 && quick.removals.length === 0) await new Promise((r) => setTimeout(r, 10));
    await runner.stop();
    expect(quick.removals).toEqual(['quick']);
    expect(await db.job.count()).toBe(0);

    await enqueue(db, 'delete-blobs', { keys: ['stuck'] });
    const stuck = recordingStore({ hang: new Promise(() => {}) });
    const hanging = startJobRunner(deps(stuck.store), { pollMs: 20, stopTimeoutMs: 200 });
    while (stuck.running() === 0) await new Promise((r) => setTimeout(r, 10));
    await hanging.stop();
    expect(await db.job.findMany()).toEqual([expect.objectContaining({ lockedBy: null, lockedUntil: null })]);
    await db.job.deleteMany();
  });

  it('logs a failing claim once, not at every poll, and says when claims work again', async () => {
    const db = database.prisma;
    const lines: { msg: string; failedClaims?: number }[] = [];
    const sink = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const logged = { ...deps(recordingStore().store), logger: pino({ level: 'info' }, sink) };
    // A table that vanished stands in for a database that is down.
    await db.$executeRawUnsafe('ALTER TABLE "Job" RENAME TO "JobAway"');
    const runner = startJobRunner(logged, { pollMs: 20 });
    try {
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "JobAway" RENAME TO "Job"');
    }
    await enqueue(db, 'delete-blobs', { keys: ['after the outage'] });
    while ((await db.job.count()) > 0) await new Promise((r) => setTimeout(r, 20));
    await runner.stop();
    expect(lines.filter((l) => l.msg.startsWith('claiming jobs failed'))).toHaveLength(1);
    const back = lines.find((l) => l.msg === 'claiming jobs works again');
    expect(back?.failedClaims).toBeGreaterThan(2);
  });

  it.runIf(databaseKind === 'postgresql')(
    'two runners on one PostgreSQL database share the jobs and never run one twice',
    async () => {
      const second = await openDatabase({ url: database.url! });
      try {
        const all = keys(60, 'job');
        await database.prisma.$transaction(async (tx) => {
          for (const key of all) await enqueue(tx, 'delete-blobs', { keys: [key] });
        });
        const a = recordingStore({ delayMs: 15 });
        const b = recordingStore({ delayMs: 15 });
        const options = { pollMs: 5, batchSize: 3 };
        const runners = [
          startJobRunner(deps(a.store), options),
          startJobRunner(deps(b.store, second.prisma), options),
        ];
        while ((await database.prisma.job.count()) > 0) await new Promise((r) => setTimeout(r, 50));
        await Promise.all(runners.map((r) => r.stop()));
        const removed = [...a.removals, ...b.removals].sort();
        expect(removed).toEqual(all);
        expect(a.removals.length).toBeGreaterThan(0);
        expect(b.removals.length).toBeGreaterThan(0);
        expect(a.removals.filter((k) => b.removals.includes(k))).toEqual([]);
      } finally {
        await second.close();
      }
    },
  );
});
