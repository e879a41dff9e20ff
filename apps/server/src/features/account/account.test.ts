import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { removeExpiredSessions } from '../../auth/expired-sessions.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`accounts (${databaseKind})`, () => {
  it('makes the first account an admin with files, and later ones plain members', async () => {
    const first = await signedUpVisitor(site);
    expect(first.user.permissions).toEqual(['admin', 'files']);
    const second = await signedUpVisitor(site);
    expect(second.user.permissions).toEqual([]);
    expect(second.user).toMatchObject({
      isEmailVerified: false,
      maintenanceMode: false,
      disabledNotifications: [],
    });
  });

  it('logs the new account in: /api/me answers it', async () => {
    const email = uniqueEmail();
    const { visitor, user } = await signedUpVisitor(site, email);
    const me = await visitor.get('/api/me').expect(200);
    expect(me.body).toEqual(user);
    expect(me.body.emailAddress).toBe(email);
  });

  it('answers null for an address that is taken, whatever its case', async () => {
    const email = uniqueEmail();
    await signedUpVisitor(site, email);
    const visitor = await site.visitor();
    const res = await visitor.post('/api/signup', {
      emailAddress: email.toUpperCase(),
      password: defaultPassword,
    });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(await site.deps.db.user.count({ where: { email } })).toBe(1);
  });

  it('refuses a password shorter than 8 characters with 400 and creates nothing', async () => {
    const email = uniqueEmail();
    const visitor = await site.visitor();
    const res = await visitor.post('/api/signup', { emailAddress: email, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
    expect(res.body.error.issues[0].path).toEqual(['body', 'password']);
    expect(await site.deps.db.user.count({ where: { email } })).toBe(0);
  });

  it('stores only a bcrypt hash of the password', async () => {
    const email = uniqueEmail();
    await signedUpVisitor(site, email);
    const row = await site.deps.db.user.findUniqueOrThrow({ where: { email } });
    expect(row.passwordHash).toMatch(/^v2:\$2b\$/);
    expect(row.passwordHash).not.toContain(defaultPassword);
  });

  it('answers /api/me with 401 when logged out', async () => {
    const visitor = await site.visitor();
    const res = await visitor.get('/api/me').expect(401);
    expect(res.body).toEqual({ error: { code: 'unauthenticated', message: 'Please log in' } });
  });

  it('logs in with the right password (any case of the address) and answers true', async () => {
    const email = uniqueEmail();
    await signedUpVisitor(site, email);
    const visitor = await site.visitor();
    const res = await visitor.post('/api/login', {
      emailAddress: ` ${email.toUpperCase()} `,
      password: defaultPassword,
    });
    expect(res.body).toBe(true);
    expect((await visitor.get('/api/me').expect(200)).body.emailAddress).toBe(email);
  });

  it('answers false for a wrong password or an unknown address, and stays logged out', async () => {
    const email = uniqueEmail();
    await signedUpVisitor(site, email);
    const visitor = await site.visitor();
    expect((await visitor.post('/api/login', { emailAddress: email, password: 'wrong password' })).body).toBe(
      false,
    );
    expect(
      (await visitor.post('/api/login', { emailAddress: uniqueEmail(), password: defaultPassword })).body,
    ).toBe(false);
    await visitor.get('/api/me').expect(401);
  });

  it('gives a new session cookie on log in (no session fixation)', async () => {
    const email = uniqueEmail();
    await signedUpVisitor(site, email);
    const visitor = await site.visitor();
    const sidOf = (res: { headers: { 'set-cookie'?: string[] } }) =>
      (res.headers['set-cookie'] ?? []).join(';').match(/sid=([^;]+)/)?.[1];
    const first = sidOf(await visitor.post('/api/login', { emailAddress: email, password: defaultPassword }));
    const second = sidOf(
      await visitor.post('/api/login', { emailAddress: email, password: defaultPassword }),
    );
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The id the browser had before is ended, not kept alongside.
    await (await site.visitor()).agent.get('/api/me').set('Cookie', `sid=${first}`).expect(401);
    await (await site.visitor()).agent.get('/api/me').set('Cookie', `sid=${second}`).expect(200);
  });

  it('logs out: the session ends on the server, so its old cookie no longer works', async () => {
    const { visitor } = await signedUpVisitor(site);
    const cookie = (await visitor.get('/api/me').expect(200)).request.cookies;
    await visitor.post('/api/logout').expect(204);
    await visitor.get('/api/me').expect(401);
    // Replaying the cookie captured while logged in must not log anyone back in.
    const replay = await site.visitor();
    await replay.agent.get('/api/me').set('Cookie', cookie).expect(401);
  });

  it('changes the display name and refuses an empty one', async () => {
    const { visitor } = await signedUpVisitor(site);
    const res = await visitor.patch('/api/me/display-name', { displayName: '  Grace Hopper ' }).expect(200);
    expect(res.body.displayName).toBe('Grace Hopper');
    await visitor.patch('/api/me/display-name', { displayName: '   ' }).expect(400);
    expect((await visitor.get('/api/me')).body.displayName).toBe('Grace Hopper');
  });

  it('keeps a session for 30 days of inactivity, renewed by every request', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const res = await visitor.get('/api/me').expect(200);
    const sid = String(res.headers['set-cookie']).match(/sid=[^;]+;[^,]*Expires=([^;]+)/i);
    const days = (new Date(sid![1]!).getTime() - Date.now()) / 864e5;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The renewed cookie keeps the attributes it was issued with.
    const renewed = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('sid='));
    expect(renewed).toMatch(/; HttpOnly/i);
    expect(renewed).toMatch(/; SameSite=Lax/i);
    const rows = await site.deps.db.userSession.findMany({ where: { userId: user.userId } });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect((row.expiresAt.getTime() - Date.now()) / 864e5).toBeGreaterThan(29.9);
  });

  it('stores no session for visitors without an account, yet protects them against CSRF', async () => {
    const before = await site.deps.db.userSession.count();
    const visitor = await site.visitor();
    for (let i = 0; i < 5; i++) await visitor.get('/api/csrf').expect(200);
    const res = await visitor.get('/api/me').expect(401);
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/sid=/);
    expect(await site.deps.db.userSession.count()).toBe(before);
    // The token is checked against the visitor's own secret cookie: without the header, or with another
    // visitor's token, a change is refused.
    await visitor.agent.post('/api/login').send({ emailAddress: uniqueEmail(), password: 'x' }).expect(403);
    const other = await site.visitor();
    const stolen = (await other.get('/api/csrf')).body.csrfToken as string;
    const forged = await visitor.agent
      .post('/api/login')
      .set('X-XSRF-TOKEN', stolen)
      .send({ emailAddress: uniqueEmail(), password: 'x' });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('csrf');
  });

  it('writes the rolling expiry at most once a minute, not on every request', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const expiresAt = new Date(Date.now() + 29 * 864e5);
    await site.deps.db.userSession.updateMany({ where: { userId: user.userId }, data: { expiresAt } });
    await visitor.get('/api/me').expect(200);
    const [renewed] = await site.deps.db.userSession.findMany({ where: { userId: user.userId } });
    expect((renewed!.expiresAt.getTime() - Date.now()) / 864e5).toBeGreaterThan(29.9);
    await visitor.get('/api/me').expect(200);
    const [again] = await site.deps.db.userSession.findMany({ where: { userId: user.userId } });
    expect(again!.expiresAt).toEqual(renewed!.expiresAt);
  });

  it('removes expired sessions in one sweep, and their cookies no longer work', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const { visitor: fresh } = await signedUpVisitor(site);
    await site.deps.db.userSession.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const ended = await visitor.get('/api/me').expect(401);
    // The browser is told to forget the dead cookie rather than send it with every request.
    expect(String(ended.headers['set-cookie'])).toMatch(/sid=;[^,]*Expires=Thu, 01 Jan 1970/);
    expect(await removeExpiredSessions(site.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await site.deps.db.userSession.count({ where: { userId: user.userId } })).toBe(0);
    await fresh.get('/api/me').expect(200);
  });
});
