import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { writeBackupStatus } from '../../backups/status.ts';
import { signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import type { User } from '@site/contract';

let site: TestSite;
let admin: { visitor: Visitor; user: User };
beforeAll(async () => {
  site = await startSite();
  admin = await siteAdmin(site);
});
afterAll(() => site.close());

const id = '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69';
const adminCalls = (userId: string): [string, string, object?][] => [
  ['post', '/api/admin/user', { emailAddress: 'someone@example.com' }],
  ['get', '/api/admin/permissions'],
  ['get', '/api/admin/backups'],
  ['post', '/api/admin/email-verification', { emailAddress: 'someone@example.com', isVerified: true }],
  ['patch', '/api/admin/permissions', { userId, permissions: { files: true } }],
  ['post', '/api/admin/maintenance-mode', { userId }],
];

async function call(visitor: Visitor, [method, url, body]: [string, string, object?]) {
  if (method === 'get') return visitor.get(url);
  return method === 'patch' ? visitor.patch(url, body) : visitor.post(url, body);
}

describe(`admin tools (${databaseKind})`, () => {
  it('refuses every admin call to a visitor with 401 and to a member with 403', async () => {
    const visitor = await site.visitor();
    const member = await signedUpVisitor(site);
    for (const c of adminCalls(member.user.userId)) {
      expect((await call(visitor, c)).status, c[1]).toBe(401);
      const res = await call(member.visitor, c);
      expect(res.status, c[1]).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await member.visitor.get('/api/me')).body.permissions).toEqual([]);
  });

  it('finds a user by address in any case, or answers null', async () => {
    const { user } = await signedUpVisitor(site);
    const found = await admin.visitor.post('/api/admin/user', {
      emailAddress: user.emailAddress.toUpperCase(),
    });
    expect(found.body).toEqual({
      userId: user.userId,
      emailAddress: user.emailAddress,
      isEmailVerified: false,
      permissions: [],
      storage: { usedBytes: 0, quotaBytes: site.deps.config.quota.unverifiedBytes, ownQuotaBytes: null },
      secondFactor: false,
      disabled: false,
    });
    const none = await admin.visitor
      .post('/api/admin/user', { emailAddress: 'nobody@example.com' })
      .expect(200);
    expect(none.body).toBeNull();
  });

  it("shows the scheduled backups' newest attempt and newest verified backup", async () => {
    const { dir } = site.deps.config.backups!;
    expect((await admin.visitor.get('/api/admin/backups').expect(200)).body).toEqual({
      enabled: true,
      dir,
      lastAttempt: null,
      lastSuccess: null,
    });
    const lastSuccess = {
      at: '2026-11-26T03:00:00.000Z',
      file: 'site-2026-11-26T03-00-00Z.tar',
      bytes: 2048,
    };
    const lastAttempt = {
      at: '2026-11-27T03:00:00.000Z',
      file: 'site-2026-11-27T03-00-00Z.tar',
      bytes: 1024,
      verified: false,
      problems: ['blob 1 is missing from the archive'],
      durationMs: 900,
    };
    await mkdir(dir, { recursive: true });
    await writeBackupStatus(dir, { lastAttempt, lastSuccess });
    expect((await admin.visitor.get('/api/admin/backups').expect(200)).body).toEqual({
      enabled: true,
      dir,
      lastAttempt,
      lastSuccess,
    });
  });

  it('lists every permission with its description', async () => {
    const res = await admin.visitor.get('/api/admin/permissions').expect(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['admin', 'files']);
    for (const p of res.body) expect(p.description.length).toBeGreaterThan(5);
  });

  it('sets e-mail verification by address in any case, which the user sees in /api/me', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const res = await admin.visitor
      .post('/api/admin/email-verification', {
        emailAddress: user.emailAddress.toUpperCase(),
        isVerified: true,
      })
      .expect(200);
    expect(res.body.isEmailVerified).toBe(true);
    expect((await visitor.get('/api/me')).body.isEmailVerified).toBe(true);
    await admin.visitor.post('/api/admin/email-verification', {
      emailAddress: user.emailAddress,
      isVerified: false,
    });
    expect((await visitor.get('/api/me')).body.isEmailVerified).toBe(false);
    const missing = await admin.visitor.post('/api/admin/email-verification', {
      emailAddress: 'nobody@example.com',
      isVerified: true,
    });
    expect(missing.status).toBe(404);
  });

  it('grants and revokes files, which the user sees in /api/me', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const granted = await admin.visitor
      .patch('/api/admin/permissions', { userId: user.userId, permissions: { files: true } })
      .expect(200);
    expect(granted.body.permissions).toEqual(['files']);
    expect((await visitor.get('/api/me')).body.permissions).toEqual(['files']);
    await admin.visitor
      .patch('/api/admin/permissions', { userId: user.userId, permissions: { files: false } })
      .expect(200);
    expect((await visitor.get('/api/me')).body.permissions).toEqual([]);
  });

  it('refuses a change to admin or an unknown permission with 400, changing nothing', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    for (const permissions of [
      { admin: true },
      { files: true, admin: false },
      { superpowers: true },
      { constructor: true },
      { toString: true, hasOwnProperty: true },
    ]) {
      const res = await admin.visitor.patch('/api/admin/permissions', { userId: user.userId, permissions });
      expect(res.status).toBe(400);
    }
    expect((await visitor.get('/api/me')).body.permissions).toEqual([]);
    expect(await site.deps.db.permissionGrant.count({ where: { userId: user.userId } })).toBe(0);
    const unknown = await admin.visitor.patch('/api/admin/permissions', {
      userId: id,
      permissions: { files: true },
    });
    expect(unknown.status).toBe(404);
  });

  it('enters maintenance mode as a member, records it, and leaves back to the admin', async () => {
    const { user } = await signedUpVisitor(site);
    const { visitor: adminSession, user: adminUser } = admin;
    await adminSession.post('/api/admin/maintenance-mode', { userId: user.userId }).expect(204);
    const me = await adminSession.get('/api/me').expect(200);
    expect(me.body).toMatchObject({ userId: user.userId, maintenanceMode: true });
    // Acting as a member, the admin tools are closed.
    expect((await adminSession.get('/api/admin/permissions')).status).toBe(403);

    const entries = await site.deps.db.maintenanceEntry.findMany({ where: { targetId: user.userId } });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.adminId).toBe(adminUser.userId);

    await adminSession.delete('/api/admin/maintenance-mode').expect(204);
    const back = await adminSession.get('/api/me').expect(200);
    expect(back.body).toMatchObject({ userId: adminUser.userId, maintenanceMode: false });
    expect((await adminSession.delete('/api/admin/maintenance-mode')).status).toBe(409);
  });

  it('ends both identities on log out from maintenance mode', async () => {
    const { user } = await signedUpVisitor(site);
    const adminSession = await site.visitor();
    await adminSession.post('/api/login', {
      emailAddress: admin.user.emailAddress,
      password: 'correct horse battery staple',
    });
    await adminSession.post('/api/admin/maintenance-mode', { userId: user.userId }).expect(204);
    await adminSession.post('/api/logout').expect(204);
    await adminSession.get('/api/me').expect(401);
  });

  it('refuses to act as another admin, or as nobody', async () => {
    const other = await signedUpVisitor(site);
    await site.deps.db.permissionGrant.create({ data: { userId: other.user.userId, permission: 'admin' } });
    const res = await admin.visitor.post('/api/admin/maintenance-mode', { userId: other.user.userId });
    expect(res.status).toBe(403);
    expect((await admin.visitor.post('/api/admin/maintenance-mode', { userId: id })).status).toBe(404);
    expect((await admin.visitor.get('/api/me')).body.maintenanceMode).toBe(false);
  });
});
