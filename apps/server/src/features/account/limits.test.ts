import bcrypt from 'bcrypt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { loginDelayMs } from '../../auth/password-attempts.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`abuse limits (${databaseKind})`, () => {
  it('logs the right password in from another address after 10 failures elsewhere, only slower', async () => {
    const { user } = await signedUpVisitor(site);
    const attacker = await site.visitor();
    for (let i = 0; i < 10; i++) {
      const res = await attacker.post('/api/login', {
        emailAddress: user.emailAddress,
        password: `guess ${i}`,
      });
      expect(res.body).toBe(false);
    }
    const owner = await site.visitor();
    const started = Date.now();
    const res = await owner.post('/api/login', {
      emailAddress: user.emailAddress,
      password: defaultPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(10) - 5);
    expect((await owner.get('/api/me')).body.emailAddress).toBe(user.emailAddress);
  });

  it('slows an account down more with each failure from many addresses, never refusing it', () => {
    expect(loginDelayMs(9)).toBe(0);
    expect(loginDelayMs(11)).toBeGreaterThan(loginDelayMs(10));
    expect(loginDelayMs(1000)).toBeLessThanOrEqual(4000);
  });

  it('answers 429 to a client after 30 failures, even with the right password', async () => {
    const { user } = await signedUpVisitor(site);
    const client = await site.visitor();
    for (let i = 0; i < 30; i++) {
      const res = await client.post('/api/login', { emailAddress: uniqueEmail(), password: `guess ${i}` });
      expect(res.body).toBe(false);
    }
    const blocked = await client.post('/api/login', {
      emailAddress: user.emailAddress,
      password: defaultPassword,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('rate_limited');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('makes every character of a long password count', async () => {
    const visitor = await site.visitor();
    const emailAddress = uniqueEmail();
    const password = `${'a long passphrase '.repeat(5)}tail one`;
    await visitor.post('/api/signup', { emailAddress, password }).expect(200);
    const login = await site.visitor();
    expect(
      (await login.post('/api/login', { emailAddress, password: password.replace('one', 'two') })).body,
    ).toBe(false);
    expect((await login.post('/api/login', { emailAddress, password })).body).toBe(true);
  });

  it('accepts a hash from before the pre-hash and upgrades it at the next log in', async () => {
    const { user } = await signedUpVisitor(site);
    await site.deps.db.user.update({
      where: { id: user.userId },
      data: { passwordHash: await bcrypt.hash(defaultPassword, 4) },
    });
    const login = await site.visitor();
    const logIn = () =>
      login.post('/api/login', { emailAddress: user.emailAddress, password: defaultPassword });
    expect((await logIn()).body).toBe(true);
    const row = await site.deps.db.user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(row.passwordHash).toMatch(/^v2:\$2b\$/);
    expect((await logIn()).body).toBe(true);
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
