import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, freshDatabase } from '../../test/database.ts';
import type { Database } from './database.ts';

describe(`prepared statements (${databaseKind})`, () => {
  let database: Database;
  beforeAll(async () => void (database = await freshDatabase()));
  afterAll(() => database.close());

  it('passes a parameter through exactly, quotes and all, never as SQL', async () => {
    const echo = database.prepare<{ v: string }>('echo_text', 'SELECT $1::text AS v');
    const tricky = `it's'); DROP TABLE "User"; --`;
    expect(await echo([tricky])).toEqual([{ v: tricky }]);
    expect(await database.prisma.user.count()).toBe(0);
  });

  it('serves the same statement to a second app over the same database', async () => {
    const text = 'SELECT count(*)::int AS n FROM "User" WHERE email = $1';
    const first = database.prepare<{ n: number }>('count_users', text);
    const second = database.prepare<{ n: number }>('count_users', text);
    expect(await first(['nobody@example.com'])).toEqual([{ n: 0 }]);
    expect(await second(['nobody@example.com'])).toEqual([{ n: 0 }]);
  });
});
