import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { invitedMember, linkTokenTo } from '../../../test/invited-member.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** The app's code for `secret`, `steps` periods of 30 s from now. */
const codeFor = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A member with TOTP on: answers their browser, address, secret and recovery codes. */
async function memberWithTotp() {
  const { visitor, user } = await signedUpVisitor(site);
  const setup = await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(200);
  const secret = setup.body.secret as string;
  expect(setup.body.uri).toContain(`secret=${secret}`);
  const on = await visitor.post('/api/me/totp', { code: await codeFor(secret) }).expect(200);
  return { visitor, email: user.emailAddress, secret, recoveryCodes: on.body.recoveryCodes as string[] };
}

/** A fresh browser past the password of `email`: waiting for the second factor. */
async function pastPassword(email: string): Promise<Visitor> {
  const browser = await site.visitor();
  const res = await browser
    .post('/api/login', { emailAddress: email, password: defaultPassword })
    .expect(200);
  expect(res.body.secondFactor).toMatchObject({ totp: true, passkey: false });
  return browser;
}

describe(`authenticator-app codes (${databaseKind})`, () => {
  it('should fail with 401 when not logged in', async () => {
    const visitor = await site.visitor();
    await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(401);
    await visitor.post('/api/me/totp', { code: '123456' }).expect(401);
    await visitor.delete('/api/me/totp', { currentPassword: defaultPassword }).expect(401);
  });

  it('turns on only with a right code, and gives 10 recovery codes once', async () => {
    const { visitor } = await signedUpVisitor(site);
    await visitor.post('/api/me/totp/setup', {}).expect(400);
    const setup = await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(200);
    const wrong = (Number(await codeFor(setup.body.secret)) + 1) % 1e6;
    await visitor.post('/api/me/totp', { code: String(wrong).padStart(6, '0') }).expect(400);
    expect((await visitor.get('/api/me/security').expect(200)).body.totp).toBe(false);
    const on = await visitor.post('/api/me/totp', { code: await codeFor(setup.body.secret) }).expect(200);
    expect(on.body.recoveryCodes).toHaveLength(10);
    expect(new Set(on.body.recoveryCodes).size).toBe(10);
    const state = (await visitor.get('/api/me/security').expect(200)).body;
    expect(state).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(409);
    const stored = await site.deps.db.recoveryCode.findMany({ where: {} });
    expect(stored.some((r) => on.body.recoveryCodes.includes(r.codeHash))).toBe(false);
  });

  it('asks for a code after the password; the half-signed-in browser cannot read /api/me', async () => {
    const { email, secret } = await memberWithTotp();
    const browser = await pastPassword(email);
    await browser.get('/api/me').expect(401);
    await browser.get('/api/me/security').expect(401);
    await browser.post('/api/login/second-factor', { code: await codeFor(secret, 1) }).expect(200);
    const me = await browser.get('/api/me').expect(200);
    expect(me.body.emailAddress).toBe(email);
  });

  it('refuses a wrong code with 403, and a code used once already', async () => {
    const { email, secret } = await memberWithTotp();
    const first = await pastPassword(email);
    await first.post('/api/login/second-factor', { code: '000000' }).expect(403);
    await first.get('/api/me').expect(401);
    const code = await codeFor(secret, 1);
    await first.post('/api/login/second-factor', { code }).expect(200);
    const second = await pastPassword(email);
    const reused = await second.post('/api/login/second-factor', { code }).expect(403);
    expect(reused.body.error.message).toMatch(/used already/);
    await second.get('/api/me').expect(401);
  });

  it('takes each recovery code once, and counts what is left', async () => {
    const { visitor, email, recoveryCodes } = await memberWithTotp();
    const [code] = recoveryCodes;
    const first = await pastPassword(email);
    await first.post('/api/login/second-factor', { code: code!.toUpperCase() }).expect(200);
    await first.get('/api/me').expect(200);
    const second = await pastPassword(email);
    await second.post('/api/login/second-factor', { code }).expect(403);
    expect((await visitor.get('/api/me/security').expect(200)).body.recoveryCodesLeft).toBe(9);
  });

  it('answers 429 after 5 wrong codes for the account, even with the right code', async () => {
    const { email, secret } = await memberWithTotp();
    for (let i = 0; i < 5; i++) {
      const browser = await pastPassword(email);
      await browser.post('/api/login/second-factor', { code: 'wrong-code' }).expect(403);
    }
    const browser = await pastPassword(email);
    const res = await browser.post('/api/login/second-factor', { code: await codeFor(secret) }).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
    await browser.get('/api/me').expect(401);
  });

  it('refuses the second step with 401 when no log in waits, or it expired', async () => {
    const { email, secret } = await memberWithTotp();
    await (await site.visitor()).post('/api/login/second-factor', { code: '123456' }).expect(401);
    const browser = await pastPassword(email);
    await site.deps.db.pendingSignIn.updateMany({
      where: { user: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await browser.post('/api/login/second-factor', { code: await codeFor(secret) }).expect(401);
    await browser.get('/api/me').expect(401);
  });

  it('turns off only with the password; then the password alone signs in', async () => {
    const { visitor, email } = await memberWithTotp();
    await visitor.delete('/api/me/totp', { currentPassword: 'wrong' }).expect(403);
    await visitor.delete('/api/me/totp', { currentPassword: defaultPassword }).expect(204);
    expect((await visitor.get('/api/me/security').expect(200)).body).toMatchObject({
      totp: false,
      recoveryCodesLeft: 0,
    });
    const browser = await site.visitor();
    const res = await browser.post('/api/login', { emailAddress: email, password: defaultPassword });
    expect(res.body).toBe(true);
    const subjects = (await site.mailsTo(email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Two-step sign in was turned on', 'Two-step sign in was turned off']),
    );
  });

  it('asks for the second factor after a sign-in link too: the link proves the mailbox only', async () => {
    const member = await invitedMember(site);
    const setup = await member.visitor.post('/api/me/totp/setup', {}).expect(200);
    const secret = setup.body.secret as string;
    await member.visitor.post('/api/me/totp', { code: await codeFor(secret) }).expect(200);

    const browser = await site.visitor();
    await browser.post('/api/sign-in-link', { emailAddress: member.email }).expect(204);
    const token = await linkTokenTo(site, member.email, '/sign-in/');
    const res = await browser.post('/api/sign-in-link/follow', { token }).expect(200);
    expect(res.body.secondFactor).toMatchObject({ totp: true });
    await browser.get('/api/me').expect(401);
    await browser.post('/api/login/second-factor', { code: await codeFor(secret, 1) }).expect(200);
    const state = await browser.get('/api/me/security').expect(200);
    expect(state.body.mailboxProofUntil).not.toBeNull();
  });

  it("drops second factors added to an unverified account once its mailbox's reader opens the link", async () => {
    const { visitor, email } = await memberWithTotp();
    const token = await linkTokenTo(site, email, '/verify-email/');
    const reader = await site.visitor();
    await reader.post('/api/verify-email', { token }).expect(204);
    await reader.get('/api/me').expect(200);
    await visitor.get('/api/me').expect(401);
    expect(await site.deps.db.totpFactor.count({ where: { user: { email } } })).toBe(0);
    expect(await site.deps.db.recoveryCode.count({ where: { user: { email } } })).toBe(0);
  });
});
