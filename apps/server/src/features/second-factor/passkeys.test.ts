import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { SoftwarePasskey } from '../../../test/software-authenticator.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let origin: string;
beforeAll(async () => {
  site = await startSite();
  origin = site.deps.config.publicUrl;
});
afterAll(() => site.close());

/** Adds a software passkey to the signed-in visitor's account, as the Security section does. */
async function addPasskey(visitor: Visitor, name = 'Laptop') {
  const passkey = new SoftwarePasskey(origin);
  const options = await visitor
    .post('/api/me/passkeys/options', { currentPassword: defaultPassword })
    .expect(200);
  const added = await visitor
    .post('/api/me/passkeys', { name, response: passkey.register(options.body) })
    .expect(201);
  return { passkey, passkeyId: added.body.passkeyId as string };
}

/** Signs a fresh browser in with `passkey`; answers the browser and the response. */
async function signInWith(passkey: SoftwarePasskey) {
  const browser = await site.visitor();
  const options = await browser.post('/api/passkey-sign-in/options').expect(200);
  passkey.counter += 1;
  const res = await browser.post('/api/passkey-sign-in', { response: passkey.signIn(options.body) });
  return { browser, res, options: options.body as { challenge: string } };
}

describe(`passkeys (${databaseKind})`, () => {
  it('should fail with 401 when not logged in', async () => {
    const visitor = await site.visitor();
    await visitor.get('/api/me/passkeys').expect(401);
    await visitor.post('/api/me/passkeys/options', { currentPassword: defaultPassword }).expect(401);
  });

  it('adds a passkey after the password, lists it, and signs in with it without an address', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const { passkey } = await addPasskey(visitor, 'My phone');
    const list = await visitor.get('/api/me/passkeys').expect(200);
    expect(list.body).toEqual([expect.objectContaining({ name: 'My phone', lastUsedAt: null })]);

    const { browser, res } = await signInWith(passkey);
    expect(res.status).toBe(200);
    const me = await browser.get('/api/me').expect(200);
    expect(me.body.emailAddress).toBe(user.emailAddress);
    const used = await visitor.get('/api/me/passkeys').expect(200);
    expect(used.body[0].lastUsedAt).not.toBeNull();
  });

  it('refuses to start adding a passkey without the current password, or with a wrong one', async () => {
    const { visitor } = await signedUpVisitor(site);
    await visitor.post('/api/me/passkeys/options', {}).expect(400);
    await visitor.post('/api/me/passkeys/options', { currentPassword: 'wrong' }).expect(403);
  });

  it('refuses a registration made for another origin, and one answering no challenge of ours', async () => {
    const { visitor } = await signedUpVisitor(site);
    const options = await visitor
      .post('/api/me/passkeys/options', { currentPassword: defaultPassword })
      .expect(200);
    const elsewhere = new SoftwarePasskey('https://evil.example');
    await visitor
      .post('/api/me/passkeys', { name: 'x', response: elsewhere.register(options.body) })
      .expect(400);
    const made = new SoftwarePasskey(origin).register({ challenge: 'bm90LW91cnM' });
    await visitor.post('/api/me/passkeys', { name: 'x', response: made }).expect(400);
    expect((await visitor.get('/api/me/passkeys').expect(200)).body).toEqual([]);
  });

  it("refuses a registration answering another member's challenge", async () => {
    const { visitor: mallory } = await signedUpVisitor(site);
    const { visitor: alice } = await signedUpVisitor(site);
    const options = await alice.post('/api/me/passkeys/options', { currentPassword: defaultPassword });
    const response = new SoftwarePasskey(origin).register(options.body);
    await mallory.post('/api/me/passkeys', { name: 'x', response }).expect(400);
  });

  it('uses a sign-in challenge once: a replayed response is refused', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { passkey } = await addPasskey(visitor);
    const { options } = await signInWith(passkey);
    passkey.counter += 1;
    const again = await (
      await site.visitor()
    )
      .post('/api/passkey-sign-in', { response: passkey.signIn(options) })
      .expect(400);
    expect(again.body.error.message).toMatch(/expired or was used/);
  });

  it('refuses a sign-in challenge past its 5 minutes', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { passkey } = await addPasskey(visitor);
    const browser = await site.visitor();
    const options = await browser.post('/api/passkey-sign-in/options').expect(200);
    await site.deps.db.webAuthnChallenge.update({
      where: { challenge: options.body.challenge },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    passkey.counter += 1;
    await browser.post('/api/passkey-sign-in', { response: passkey.signIn(options.body) }).expect(400);
    await browser.get('/api/me').expect(401);
  });

  it('refuses a signature counter that does not move forward: a cloned authenticator', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { passkey } = await addPasskey(visitor);
    passkey.counter = 9;
    const { res: first } = await signInWith(passkey);
    expect(first.status).toBe(200);
    passkey.counter = 4; // signInWith adds one: 5, behind the 10 the server saw
    const { browser, res } = await signInWith(passkey);
    expect(res.status).toBe(400);
    await browser.get('/api/me').expect(401);
  });

  it('refuses a response signed by another key, and an unknown passkey', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { passkey } = await addPasskey(visitor);
    const stranger = new SoftwarePasskey(origin);
    const browser = await site.visitor();
    const options = await browser.post('/api/passkey-sign-in/options').expect(200);
    const forged = { ...stranger.signIn(options.body), id: passkey.id, rawId: passkey.id };
    await browser.post('/api/passkey-sign-in', { response: forged }).expect(400);
    const { res } = await signInWith(stranger);
    expect(res.status).toBe(400);
  });

  it("renames its owner's passkey; another member gets 404", async () => {
    const { visitor } = await signedUpVisitor(site);
    const { visitor: other } = await signedUpVisitor(site);
    const { passkeyId } = await addPasskey(visitor);
    await other.patch(`/api/me/passkeys/${passkeyId}`, { name: 'Mine now' }).expect(404);
    const res = await visitor.patch(`/api/me/passkeys/${passkeyId}`, { name: ' Work key ' }).expect(200);
    expect(res.body.name).toBe('Work key');
    await visitor.patch(`/api/me/passkeys/${passkeyId}`, { name: '' }).expect(400);
  });

  it('removes a passkey only with the password; then it signs in nobody', async () => {
    const { visitor } = await signedUpVisitor(site);
    const { visitor: other } = await signedUpVisitor(site);
    const { passkey, passkeyId } = await addPasskey(visitor);
    await visitor.delete(`/api/me/passkeys/${passkeyId}`, { currentPassword: 'wrong' }).expect(403);
    await other.delete(`/api/me/passkeys/${passkeyId}`, { currentPassword: defaultPassword }).expect(404);
    await visitor.delete(`/api/me/passkeys/${passkeyId}`, { currentPassword: defaultPassword }).expect(204);
    expect((await visitor.get('/api/me/passkeys').expect(200)).body).toEqual([]);
    const { res } = await signInWith(passkey);
    expect(res.status).toBe(400);
  });

  it('asks for the passkey after the password once the account has one', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const { passkey } = await addPasskey(visitor);
    const browser = await site.visitor();
    const login = await browser
      .post('/api/login', { emailAddress: user.emailAddress, password: defaultPassword })
      .expect(200);
    expect(login.body.secondFactor).toMatchObject({ totp: false, passkey: true });
    await browser.get('/api/me').expect(401);
    const options = await browser.post('/api/passkey-sign-in/options').expect(200);
    passkey.counter += 1;
    await browser.post('/api/passkey-sign-in', { response: passkey.signIn(options.body) }).expect(200);
    await browser.get('/api/me').expect(200);
  });
});

describe(`beginning passkey sign-ins anonymously (${databaseKind})`, () => {
  it('answers 429 with Retry-After past 60 from one client within 10 minutes, storing no more challenges', async () => {
    const browser = await site.visitor();
    const counts = async () =>
      new Map(
        (
          await site.deps.db.rateLimit.findMany({ where: { key: { startsWith: 'passkey-options-client:' } } })
        ).map((r) => [`${r.key}@${r.windowStart.toISOString()}`, r.count]),
      );
    const before = await counts();
    await browser.post('/api/passkey-sign-in/options').expect(200);
    // This client's counter: the one that moved (the tests above may have begun some from the same address).
    const used = [...(await counts())].find(([key, count]) => count !== before.get(key))?.[1];
    expect(used).toBeGreaterThanOrEqual(1);
    for (let i = used!; i < 60; i++) await browser.post('/api/passkey-sign-in/options').expect(200);
    const stored = await site.deps.db.webAuthnChallenge.count({ where: { purpose: 'SIGN_IN' } });
    const refused = await browser.post('/api/passkey-sign-in/options').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await site.deps.db.webAuthnChallenge.count({ where: { purpose: 'SIGN_IN' } })).toBe(stored);
  });
});
