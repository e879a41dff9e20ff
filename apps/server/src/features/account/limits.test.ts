import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`abuse limits (${databaseKind})`, () => {
  it('refuses the 11th log in within 15 minutes after 10 failures, even with the right password', async () => {
    const { user } = await signedUpVisitor(site);
    const visitor = await site.visitor();
    for (let i = 0; i < 10; i++) {
      const res = await visitor.post('/api/login', {
        emailAddress: user.emailAddress,
        password: `guess ${i}`,
      });
      expect(res.body).toBe(false);
    }
    const blocked = await visitor.post('/api/login', {
      emailAddress: user.emailAddress,
      password: defaultPassword,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('keeps the counters in the database, where every app server sees them', async () => {
    const rows = await site.deps.db.rateLimit.findMany({
      where: { key: { startsWith: 'login-failed-account:' } },
    });
    expect(rows.some((r) => r.count >= 10)).toBe(true);
  });

  it('does not count successful log ins against the account', async () => {
    const { user } = await signedUpVisitor(site);
    const visitor = await site.visitor();
    for (let i = 0; i < 12; i++) {
      const res = await visitor.post('/api/login', {
        emailAddress: user.emailAddress,
        password: defaultPassword,
      });
      expect(res.body).toBe(true);
    }
  });

  it('refuses the most common passwords at sign-up with 400 weak_password', async () => {
    const visitor = await site.visitor();
    const email = uniqueEmail();
    for (const password of ['password123', 'Iloveyou1', 'qwertyuiop']) {
      const res = await visitor.post('/api/signup', { emailAddress: email, password });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('weak_password');
    }
    expect(await site.deps.db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses passwords over 128 characters', async () => {
    const visitor = await site.visitor();
    const res = await visitor.post('/api/signup', { emailAddress: uniqueEmail(), password: 'x'.repeat(129) });
    expect(res.status).toBe(400);
  });

  it('limits sign-ups per client to 10 an hour', async () => {
    const visitor = await site.visitor();
    for (let i = 0; i < 10; i++) {
      await visitor
        .post('/api/signup', { emailAddress: uniqueEmail(), password: defaultPassword })
        .expect(200);
    }
    const email = uniqueEmail();
    expect(
      (await visitor.post('/api/signup', { emailAddress: email, password: defaultPassword })).status,
    ).toBe(429);
    expect(await site.deps.db.user.count({ where: { email } })).toBe(0);
    // Another client is not affected.
    const neighbour = await site.visitor();
    await neighbour
      .post('/api/signup', { emailAddress: uniqueEmail(), password: defaultPassword })
      .expect(200);
  });
});
