import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, describeRaces, freshDatabase, raceServerUrl } from '../../test/database.ts';
import type { Database } from './database.ts';
import { isDatabaseBusy } from './busy.ts';

const limits = { maxWait: 300, timeout: 300 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What `run` throws (it must throw). */
async function thrownBy(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe(`a database too busy to answer in time (${databaseKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(undefined, undefined, limits);
  });
  afterAll(() => database.close());

  it('is a transaction that ran past its timeout', async () => {
    const error = await thrownBy(() =>
      database.prisma.$transaction(async (tx) => {
        await sleep(limits.timeout + 200);
        await tx.user.count();
      }),
    );
    expect(error).toMatchObject({ code: 'P2028' });
    expect(isDatabaseBusy(error)).toBe(true);
  });

  it('is not a query the database refused, nor a plain bug', async () => {
    const user = { email: `busy-${Date.now()}@example.com`, displayName: 'Busy', passwordHash: 'x' };
    await database.prisma.user.create({ data: user });
    const duplicate = await thrownBy(() => database.prisma.user.create({ data: user }));
    expect(duplicate).toMatchObject({ code: 'P2002' });
    expect(isDatabaseBusy(duplicate)).toBe(false);
    expect(isDatabaseBusy(new Error('Transaction API error: Internal Consistency Error: x'))).toBe(false);
    expect(isDatabaseBusy(undefined)).toBe(false);
  });
});

describeRaces('a lock held past the transaction timeout', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await freshDatabase(raceServerUrl, undefined, limits);
  });
  afterAll(() => database.close());

  it('is given up as busy while the other side still holds it', async () => {
    const [row] = await database.prisma.$queryRaw<{ id: string }[]>`SELECT gen_random_uuid()::text AS id`;
    await database.prisma.$executeRawUnsafe(`CREATE TABLE busy_probe (id text PRIMARY KEY)`);
    await database.prisma.$executeRaw`INSERT INTO busy_probe VALUES (${row!.id})`;
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM busy_probe FOR UPDATE');
      const error = await thrownBy(() =>
        database.prisma.$transaction((tx) => tx.$queryRaw`SELECT 1 FROM busy_probe FOR UPDATE`),
      );
      expect(isDatabaseBusy(error)).toBe(true);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
