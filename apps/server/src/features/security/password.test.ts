import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { invitedMember, linkTokenTo } from '../../../test/invited-member.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { countUse, limits } from '../../http/rate-limit.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const newPassword = 'a new and longer passphrase';

async function logsIn(emailAddress: string, password: string): Promise<boolean> {
  return (await (await site.visitor()).post('/api/login', { emailAddress, password })).body === true;
}

/** A second browser of the same member, logged in with the password. */
async function anotherBrowser(emailAddress: string, password = defaultPassword): Promise<Visitor> {
  const visitor = await site.visitor();
  expect((await visitor.post('/api/login', { emailAddress, password }).expect(200)).body).toBe(true);
  return visitor;
}

const change = (visitor: Visitor, body: object) => visitor.post('/api/me/password', body);

describe(`change password (${databaseKind})`, () => {
  it('should fail with 401 when not logged in', async () => {
    const visitor = await site.visitor();
    await change(visitor, { currentPassword: defaultPassword, newPassword }).expect(401);
  });

  it('changes the password, ends every other session, keeps this one, and tells the address', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const phone = await anotherBrowser(user.emailAddress);
    await change(visitor, { currentPassword: defaultPassword, newPassword }).expect(204);

    await visitor.get('/api/me').expect(200);
    await phone.get('/api/me').expect(401);
    expect(await logsIn(user.emailAddress, defaultPassword)).toBe(false);
    expect(await logsIn(user.emailAddress, newPassword)).toBe(true);
    const notice = (await site.mailsTo(user.emailAddress)).find(
      (m) => m.subject === 'Your password was changed',
    );
    expect(notice?.raw).toContain('Every other browser signed in to your account was signed out');
  });

  it('refuses a wrong current password with 403, changing nothing, and counts it like a failed log in', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const phone = await anotherBrowser(user.emailAddress);
    const res = await change(visitor, { currentPassword: 'not my password', newPassword }).expect(403);
    expect(res.body.error.message).toBe('Your current password is not right');
    await phone.get('/api/me').expect(200);
    expect(await logsIn(user.emailAddress, defaultPassword)).toBe(true);
    const failures = await site.deps.db.rateLimit.findFirst({
      where: { key: `${limits.failedLoginPerAccount.name}:${user.emailAddress}` },
    });
    expect(failures?.count).toBe(1);
  });

  it('answers 429 once the client has failed as often as log in allows', async () => {
    const { visitor } = await signedUpVisitor(site);
    for (let i = 0; i < limits.failedLoginPerClient.max; i++) {
      await countUse(site.deps.db, limits.failedLoginPerClient, visitor.address);
    }
    await change(visitor, { currentPassword: defaultPassword, newPassword }).expect(429);
  });

  it('asks for the current password when it is missing, and refuses a common new one', async () => {
    const { visitor } = await signedUpVisitor(site);
    const missing = await change(visitor, { newPassword }).expect(400);
    expect(missing.body.error.issues[0].path).toEqual(['body', 'currentPassword']);
    const weak = await change(visitor, { currentPassword: defaultPassword, newPassword: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('weak_password');
    await change(visitor, { currentPassword: defaultPassword, newPassword: 'short' }).expect(400);
    expect(await logsIn((await visitor.get('/api/me')).body.emailAddress, defaultPassword)).toBe(true);
  });

  it('ends outstanding reset links, so an older link cannot undo the change', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    await (
      await site.visitor()
    )
      .post('/api/password-reset-init', { emailAddress: user.emailAddress })
      .expect(204);
    const resetId = await linkTokenTo(site, user.emailAddress, '/reset-password/');
    await change(visitor, { currentPassword: defaultPassword, newPassword }).expect(204);
    const reset = await (
      await site.visitor()
    ).post('/api/password-reset-submit', {
      emailAddress: user.emailAddress,
      password: 'the attacker would like this',
      passwordResetId: resetId,
    });
    expect(reset.body.error.code).toBe('invalid_token');
  });
});

describe(`choose a password, for an account made by an invitation (${databaseKind})`, () => {
  it('lets a session begun from the mailbox choose one without a current password, and tells the address', async () => {
    const { visitor, email } = await invitedMember(site);
    const state = (await visitor.get('/api/me/security').expect(200)).body;
    expect(state.hasPassword).toBe(false);
    expect(new Date(state.mailboxProofUntil).getTime()).toBeGreaterThan(Date.now());

    await change(visitor, { newPassword }).expect(204);
    expect(await logsIn(email, newPassword)).toBe(true);
    expect((await visitor.get('/api/me/security').expect(200)).body.hasPassword).toBe(true);
    expect((await site.mailsTo(email)).map((m) => m.subject)).toContain('Your password was set');
  });

  it('refuses a session begun from the mailbox over 15 minutes ago, until a fresh sign-in link is opened', async () => {
    const { visitor, email } = await invitedMember(site);
    await site.deps.db.userSession.updateMany({
      where: { user: { email } },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await visitor.get('/api/me/security').expect(200)).body.mailboxProofUntil).toBeNull();
    const res = await change(visitor, { newPassword }).expect(403);
    expect(res.body.error.message).toMatch(/sign-in link/);
    expect(await logsIn(email, newPassword)).toBe(false);

    await visitor.post('/api/sign-in-link', { emailAddress: email }).expect(204);
    const token = await linkTokenTo(site, email, '/sign-in/');
    await visitor.post('/api/sign-in-link/follow', { token }).expect(200);
    await change(visitor, { newPassword }).expect(204);
  });

  it('is refused to an administrator acting as the member', async () => {
    const { visitor: admin, user: adminUser } = await signedUpVisitor(site);
    const { user } = await signedUpVisitor(site);
    await site.deps.db.permissionGrant.createMany({
      data: [{ userId: adminUser.userId, permission: 'admin' }],
      skipDuplicates: true,
    });
    await admin.post('/api/admin/maintenance-mode', { userId: user.userId }).expect(204);
    const res = await change(admin, { currentPassword: defaultPassword, newPassword }).expect(403);
    expect(res.body.error.message).toMatch(/administrator acting as a member/);
  });
});

describe(`password reset (${databaseKind})`, () => {
  it('ends every session, the one open in the browser that reset it included', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const phone = await anotherBrowser(user.emailAddress);
    await visitor.post('/api/password-reset-init', { emailAddress: user.emailAddress }).expect(204);
    const passwordResetId = await linkTokenTo(site, user.emailAddress, '/reset-password/');
    await visitor
      .post('/api/password-reset-submit', {
        emailAddress: user.emailAddress,
        password: newPassword,
        passwordResetId,
      })
      .expect(204);
    await visitor.get('/api/me').expect(401);
    await phone.get('/api/me').expect(401);
  });
});
