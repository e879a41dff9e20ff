import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { invitedMember } from '../../../test/invited-member.ts';
import { SoftwarePasskey } from '../../../test/software-authenticator.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let origin: string;
beforeAll(async () => {
  site = await startSite();
  origin = site.deps.config.publicUrl;
  await signedUpVisitor(site); // the first account is the only admin, which may not leave
});
afterAll(() => site.close());

/** Adds a software passkey to the signed-in visitor's account with `proof`, as the Security section does. */
async function addPasskey(visitor: Visitor, proof: object = { currentPassword: defaultPassword }) {
  const passkey = new SoftwarePasskey(origin);
  const options = await visitor.post('/api/me/passkeys/options', proof).expect(200);
  await visitor
    .post('/api/me/passkeys', { name: 'Phone', response: passkey.register(options.body) })
    .expect(201);
  return passkey;
}

/** `passkey`'s answer to a proof challenge handed to `visitor`'s session. */
async function proofBy(visitor: Visitor, passkey: SoftwarePasskey) {
  const options = await visitor.post('/api/me/passkey-proof/options').expect(200);
  passkey.counter += 1;
  return passkey.signIn(options.body);
}

const stillThere = (email: string) => site.deps.db.user.findUnique({ where: { email } });

describe(`confirming it is you with a passkey (${databaseKind})`, () => {
  it('deletes the account of a member with a password, by a passkey instead of the password', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const passkey = await addPasskey(visitor);
    const options = await visitor.post('/api/me/passkey-proof/options').expect(200);
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: passkey.id })]);
    passkey.counter += 1;
    await visitor.post('/api/me/delete-account', { passkey: passkey.signIn(options.body) }).expect(204);
    await visitor.get('/api/me').expect(401);
    expect(await stillThere(user.emailAddress)).toBeNull();
  });

  it('lets a member who signs in only by passkey leave once the mailed link has gone stale', async () => {
    const invited = await invitedMember(site);
    const passkey = await addPasskey(invited.visitor, {}); // the session began by the invitation: proof enough
    await site.deps.db.userSession.updateMany({
      where: { user: { email: invited.email } },
      data: { createdAt: new Date(Date.now() - 60 * 60 * 1000) },
    });
    await invited.visitor.post('/api/me/delete-account', {}).expect(403);
    const passkeyProof = await proofBy(invited.visitor, passkey);
    await invited.visitor.post('/api/me/delete-account', { passkey: passkeyProof }).expect(204);
    expect(await stillThere(invited.email)).toBeNull();
  });

  it('refuses an answer used once already, changing nothing', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const passkey = await addPasskey(visitor);
    const answer = await proofBy(visitor, passkey);
    await visitor.post('/api/me/totp/setup', { passkey: answer }).expect(200);
    passkey.counter += 1; // even re-signed with a fresh counter, the challenge is gone
    const again = passkey.signIn({
      challenge: JSON.parse(Buffer.from(answer.response.clientDataJSON, 'base64url').toString())
        .challenge as string,
    });
    const res = await visitor.post('/api/me/delete-account', { passkey: again }).expect(403);
    expect(res.body.error.message).toContain('expired or was used already');
    await visitor.get('/api/me').expect(200);
    expect(await stillThere(user.emailAddress)).not.toBeNull();
  });

  it("refuses a challenge handed to another session, or a made-up one, or another member's passkey", async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const passkey = await addPasskey(visitor);
    const other = await site.visitor();
    const signIn = await other.post('/api/passkey-sign-in/options').expect(200);
    passkey.counter += 1;
    await other.post('/api/passkey-sign-in', { response: passkey.signIn(signIn.body) }).expect(200);
    const elsewhere = await proofBy(other, passkey);
    await visitor.post('/api/me/delete-account', { passkey: elsewhere }).expect(403);

    passkey.counter += 1;
    const madeUp = passkey.signIn({ challenge: 'bm90LW91cnM' });
    await visitor.post('/api/me/delete-account', { passkey: madeUp }).expect(403);

    const { visitor: mallory } = await signedUpVisitor(site);
    const hers = await addPasskey(mallory);
    const options = await visitor.post('/api/me/passkey-proof/options').expect(200);
    hers.counter += 1;
    await visitor.post('/api/me/delete-account', { passkey: hers.signIn(options.body) }).expect(403);

    await visitor.get('/api/me').expect(200);
    await mallory.get('/api/me').expect(200);
    expect(await stillThere(user.emailAddress)).not.toBeNull();
  });

  it('refuses a signature that does not check, and asks for a passkey only of one who has one', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const res = await visitor.post('/api/me/passkey-proof/options').expect(409);
    expect(res.body.error.message).toBe('You have no passkey to confirm with');
    const passkey = await addPasskey(visitor);
    const options = await visitor.post('/api/me/passkey-proof/options').expect(200);
    const forged = passkey.signIn(
      options.body,
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey,
    );
    await visitor.post('/api/me/delete-account', { passkey: forged }).expect(403);
    expect(await stillThere(user.emailAddress)).not.toBeNull();
  });
});
