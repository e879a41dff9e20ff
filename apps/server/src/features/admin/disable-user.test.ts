import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import {
  defaultPassword,
  type Member,
  signedUpVisitor,
  siteAdmin,
  uniqueEmail,
} from '../../../test/factories.ts';
import { linkTokenTo } from '../../../test/invited-member.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let admin: Member;
beforeAll(async () => {
  site = await startSite();
  admin = await siteAdmin(site);
});
afterAll(() => site.close());

const disable = (by: Visitor, userId: string, disabled = true) =>
  by.put(`/api/admin/users/${userId}/disabled`, { disabled });

const logIn = async (emailAddress: string, password = defaultPassword) => {
  const browser = await site.visitor();
  return { browser, res: await browser.post('/api/login', { emailAddress, password }) };
};

describe(`disabling a member (${databaseKind})`, () => {
  it("ends the member's live session at once, refuses their log in, and lets them back once enabled", async () => {
    const { visitor, user } = await signedUpVisitor(site);
    await visitor.get('/api/me').expect(200);
    const res = await disable(admin.visitor, user.userId).expect(200);
    expect(res.body).toMatchObject({ userId: user.userId, disabled: true });
    await visitor.get('/api/me').expect(401);
    expect(await site.deps.db.userSession.count({ where: { userId: user.userId } })).toBe(0);

    const right = await logIn(user.emailAddress);
    expect(right.res.status).toBe(403);
    expect(right.res.body.error).toEqual({
      code: 'account_disabled',
      message: 'This account has been disabled by an admin of this site. Please ask them to enable it again.',
    });
    await right.browser.get('/api/me').expect(401);
    // A wrong password tells nothing about the account.
    expect((await logIn(user.emailAddress, 'not the password at all')).res.body).toBe(false);

    await disable(admin.visitor, user.userId, false).expect(200);
    const again = await logIn(user.emailAddress);
    expect(again.res.body).toBe(true);
    await again.browser.get('/api/me').expect(200);
  });

  it('does not sign a disabled member in by sign-in link or invitation, and keeps the link as it was', async () => {
    const { owner, album } = await albumOwner(site, 'Garden');
    const email = uniqueEmail('invited');
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: email })
      .expect(200);
    const invitation = await linkTokenTo(site, email, '/invitation/');
    const first = await site.visitor();
    await first.post('/api/sign-in-link/follow', { token: invitation }).expect(200);
    await first.post('/api/sign-in-link', { emailAddress: email }).expect(204);
    const signIn = await linkTokenTo(site, email, '/sign-in/');
    const account = await site.deps.db.user.findUniqueOrThrow({ where: { email } });

    await disable(admin.visitor, account.id).expect(200);
    await first.get('/api/me').expect(401);
    for (const token of [invitation, signIn]) {
      const browser = await site.visitor();
      const res = await browser.post('/api/sign-in-link/follow', { token });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('account_disabled');
      await browser.get('/api/me').expect(401);
    }
    // No new link is mailed while disabled.
    const before = (await site.mailsTo(email)).length;
    await (await site.visitor()).post('/api/sign-in-link', { emailAddress: email }).expect(204);
    expect(await site.mailsTo(email)).toHaveLength(before);

    await disable(admin.visitor, account.id, false).expect(200);
    const browser = await site.visitor();
    await browser.post('/api/sign-in-link/follow', { token: signIn }).expect(200);
    await browser.get('/api/me').expect(200);
  });

  it('ends a log in waiting for its second step', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const setup = await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(200);
    const secret = setup.body.secret as string;
    const code = (steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    await visitor.post('/api/me/totp', { code: await code(0) }).expect(200);
    const { browser, res } = await logIn(user.emailAddress);
    expect(res.body.secondFactor).toMatchObject({ totp: true });

    await disable(admin.visitor, user.userId).expect(200);
    const second = await browser.post('/api/login/second-factor', { code: await code(1) });
    expect(second.status).toBeGreaterThanOrEqual(400);
    await browser.get('/api/me').expect(401);
  });

  it("refuses the admin's own account, and acting as a disabled member", async () => {
    const own = await disable(admin.visitor, admin.user.userId);
    expect(own.status).toBe(409);
    expect(own.body.error.message).toBe('You cannot disable your own account');
    await admin.visitor.get('/api/me').expect(200);

    const { user } = await signedUpVisitor(site);
    await disable(admin.visitor, user.userId).expect(200);
    const acting = await admin.visitor.post('/api/admin/maintenance-mode', { userId: user.userId });
    expect(acting.status).toBe(409);
    expect((await admin.visitor.get('/api/me')).body.maintenanceMode).toBe(false);
  });

  it('ends the sessions of a disabled admin, also one acting as a member', async () => {
    const other = await signedUpVisitor(site);
    await site.deps.db.permissionGrant.create({ data: { userId: other.user.userId, permission: 'admin' } });
    const { user: member } = await signedUpVisitor(site);
    await other.visitor.post('/api/admin/maintenance-mode', { userId: member.userId }).expect(204);
    await disable(admin.visitor, other.user.userId).expect(200);
    await other.visitor.get('/api/me').expect(401);
    await disable(admin.visitor, other.user.userId, false).expect(200);
  });

  it('keeps an enabled admin when two admins disable each other at once', async () => {
    // Just these two admins.
    await site.deps.db.permissionGrant.deleteMany({
      where: { permission: 'admin', userId: { not: admin.user.userId } },
    });
    const other = await signedUpVisitor(site);
    await site.deps.db.permissionGrant.create({ data: { userId: other.user.userId, permission: 'admin' } });
    const answers = await Promise.all([
      disable(admin.visitor, other.user.userId),
      disable(other.visitor, admin.user.userId),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const enabledAdmins = await site.deps.db.user.count({
      where: { disabledAt: null, permissions: { some: { permission: 'admin' } } },
    });
    expect(enabledAdmins).toBeGreaterThanOrEqual(1);
    // Put back whoever lost, from whoever won.
    const [winner, loser] =
      answers[0].status === 200 ? [admin.visitor, other.user.userId] : [other.visitor, admin.user.userId];
    await disable(winner, loser, false).expect(200);
    if (loser === admin.user.userId) {
      const back = await logIn(
        (await site.deps.db.user.findUniqueOrThrow({ where: { id: admin.user.userId } })).email,
      );
      admin.visitor = back.browser;
    }
  });

  it('answers 404 for nobody and 400 for a body that is not a yes or no', async () => {
    await disable(admin.visitor, '5f0c6a3e-8d1b-4c8e-9a57-1f2d3c4b5a69').expect(404);
    const { user } = await signedUpVisitor(site);
    await admin.visitor.put(`/api/admin/users/${user.userId}/disabled`, { disabled: 'yes' }).expect(400);
    await admin.visitor.put('/api/admin/users/not-an-id/disabled', { disabled: true }).expect(400);
    const stored = await site.deps.db.user.findUniqueOrThrow({ where: { id: user.userId } });
    expect(stored.disabledAt).toBeNull();
  });
});
