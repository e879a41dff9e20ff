import { generate } from 'otplib';
import type { User } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let admin: { visitor: Visitor; user: User };
beforeAll(async () => {
  site = await startSite();
  admin = await siteAdmin(site);
});
afterAll(() => site.close());

/** Turns on authenticator-app codes for the signed-in `visitor`. */
async function turnOnTotp(visitor: Visitor) {
  const setup = await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(200);
  await visitor.post('/api/me/totp', { code: await generate({ secret: setup.body.secret }) }).expect(200);
}

/** A second admin, granted by the first, without a second factor. */
async function secondAdmin() {
  const other = await signedUpVisitor(site);
  await site.deps.db.permissionGrant.create({ data: { userId: other.user.userId, permission: 'admin' } });
  return other;
}

describe(`admins must use a second factor (${databaseKind})`, () => {
  it('refuses the setting to an admin without a second factor (409), who would shut themselves out', async () => {
    const res = await admin.visitor.put('/api/admin/settings', { adminsNeedSecondFactor: true }).expect(409);
    expect(res.body.error.message).toMatch(/first/);
    expect((await admin.visitor.get('/api/admin/settings').expect(200)).body).toEqual({
      adminsNeedSecondFactor: false,
    });
  });

  it('refuses the settings to a member with 403 and to a visitor with 401', async () => {
    const member = await signedUpVisitor(site);
    await member.visitor.get('/api/admin/settings').expect(403);
    await member.visitor.put('/api/admin/settings', { adminsNeedSecondFactor: false }).expect(403);
    await (await site.visitor()).get('/api/admin/settings').expect(401);
  });

  it('while on, refuses admin routes to an admin without one, who can still add one and come back', async () => {
    await turnOnTotp(admin.visitor);
    await admin.visitor.put('/api/admin/settings', { adminsNeedSecondFactor: true }).expect(200);
    const other = await secondAdmin();

    const refused = await other.visitor.get('/api/admin/permissions').expect(403);
    expect(refused.body.error.code).toBe('second_factor_required');
    expect(refused.body.error.message).toMatch(/Security section/);
    await other.visitor.post('/api/admin/maintenance-mode', { userId: admin.user.userId }).expect(403);
    await other.visitor.get('/api/me/security').expect(200);
    await other.visitor.get('/api/me').expect(200);

    await turnOnTotp(other.visitor);
    await other.visitor.get('/api/admin/permissions').expect(200);
    await admin.visitor.get('/api/admin/permissions').expect(200);

    await admin.visitor.put('/api/admin/settings', { adminsNeedSecondFactor: false }).expect(200);
  });

  it('shows second factor on or off per user in the admin lookup', async () => {
    const member = await signedUpVisitor(site);
    const lookUp = async () =>
      (await admin.visitor.post('/api/admin/user', { emailAddress: member.user.emailAddress }).expect(200))
        .body;
    expect((await lookUp()).secondFactor).toBe(false);
    await turnOnTotp(member.visitor);
    expect((await lookUp()).secondFactor).toBe(true);
  });

  it('refuses a setting that is not a boolean with 400', async () => {
    await admin.visitor.put('/api/admin/settings', { adminsNeedSecondFactor: 'yes' }).expect(400);
  });
});
