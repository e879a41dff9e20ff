import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, type Member, signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { SoftwarePasskey } from '../../../test/software-authenticator.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let admin: Member;
beforeAll(async () => {
  site = await startSite();
  admin = await siteAdmin(site);
});
afterAll(() => site.close());

const reset = (by: Visitor, userId: string) => by.delete(`/api/admin/users/${userId}/second-factors`);

/** A member with a passkey and an authenticator app: their browser, ids, address and passkey. */
async function memberWithFactors() {
  const { visitor, user } = await signedUpVisitor(site);
  const passkey = new SoftwarePasskey(site.deps.config.publicUrl);
  const options = await visitor.post('/api/me/passkeys/options', { currentPassword: defaultPassword });
  await visitor
    .post('/api/me/passkeys', { name: 'Phone', response: passkey.register(options.body) })
    .expect(201);
  const setup = await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(200);
  await visitor.post('/api/me/totp', { code: await generate({ secret: setup.body.secret }) }).expect(200);
  return { visitor, userId: user.userId, email: user.emailAddress, passkey };
}

describe(`an admin resetting a member's second factors (${databaseKind})`, () => {
  it('removes passkeys, app and codes; the member signs in by password alone and is told; the log says who', async () => {
    const member = await memberWithFactors();
    const res = await reset(admin.visitor, member.userId).expect(200);
    expect(res.body).toMatchObject({ userId: member.userId, secondFactor: false });

    const browser = await site.visitor();
    const login = await browser.post('/api/login', { emailAddress: member.email, password: defaultPassword });
    expect(login.body).toBe(true);
    await browser.get('/api/me').expect(200);

    const signIn = await (await site.visitor()).post('/api/passkey-sign-in/options').expect(200);
    member.passkey.counter += 1;
    await (
      await site.visitor()
    )
      .post('/api/passkey-sign-in', { response: member.passkey.signIn(signIn.body) })
      .expect(400);
    expect(await site.deps.db.recoveryCode.count({ where: { userId: member.userId } })).toBe(0);
    expect((await member.visitor.get('/api/me/security').expect(200)).body).toMatchObject({ totp: false });

    const mails = await site.mailsTo(member.email);
    expect(mails.map((m) => m.subject)).toContain('Your second factors were reset');
    const audit = await admin.visitor.get('/api/admin/audit').expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      admin: { userId: admin.user.userId },
      member: { userId: member.userId, emailAddress: member.email },
      method: 'DELETE',
      path: `/api/admin/users/${member.userId}/second-factors`,
      status: 204,
    });
  });

  it("refuses a member, the admin's own account, an account without factors and an unknown one", async () => {
    const member = await memberWithFactors();
    const { visitor: other, user: plain } = await signedUpVisitor(site);
    await reset(other, member.userId).expect(403);
    expect((await reset(admin.visitor, admin.user.userId).expect(409)).body.error.message).toBe(
      'Change your own second factors in your profile’s Security section',
    );
    expect((await reset(admin.visitor, plain.userId).expect(409)).body.error.message).toBe(
      'This member has no second factor to reset',
    );
    await reset(admin.visitor, '00000000-0000-4000-8000-000000000000').expect(404);
    expect(await site.deps.db.passkey.count({ where: { userId: member.userId } })).toBe(1);
    expect((await member.visitor.get('/api/me/security').expect(200)).body).toMatchObject({ totp: true });
  });
});
