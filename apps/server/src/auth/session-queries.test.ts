import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { raceDatabase, raceServerUrl } from '../../test/database.ts';
import { signedUpVisitor } from '../../test/factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';

// Every statement to PostgreSQL goes through pg's Client.query, so a spy on it counts the round trips.
// On the PostgreSQL that answers (TEST_DATABASE_URL or the local one), so a PGlite run counts them too.
describe.skipIf(!raceServerUrl)('the cost of a session (postgresql)', () => {
  let site: TestSite;
  beforeAll(async () => void (site = await startSite({}, { openDatabase: raceDatabase })));
  afterAll(async () => site.close());

  it('loads a logged-in GET in one statement, writing nothing while the expiry has moved less than a minute', async () => {
    const { visitor } = await signedUpVisitor(site);
    await visitor.get('/api/me').expect(200);
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      for (let i = 0; i < 5; i++) await visitor.get('/api/me').expect(200);
      expect(statements).toHaveBeenCalledTimes(5);
    } finally {
      statements.mockRestore();
    }
  });

  it('costs a visitor without a cookie no statement at all', async () => {
    const visitor = await site.visitor();
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await visitor.get('/api/me').expect(401);
      await visitor.get('/api/csrf').expect(200);
      expect(statements).not.toHaveBeenCalled();
    } finally {
      statements.mockRestore();
    }
  });
});
