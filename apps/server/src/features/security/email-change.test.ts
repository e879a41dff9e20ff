import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner, verifiedMember } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { invitedMember, linkTokenTo } from '../../../test/invited-member.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const ask = (visitor: Visitor, emailAddress: string, currentPassword?: string) =>
  visitor.post('/api/me/email', { emailAddress, ...(currentPassword ? { currentPassword } : {}) });
const confirm = async (token: string) => (await site.visitor()).post('/api/email-change/confirm', { token });
const addressOf = async (visitor: Visitor) => (await visitor.get('/api/me').expect(200)).body.emailAddress;

describe(`change e-mail address (${databaseKind})`, () => {
  it('should fail with 401 when not logged in', async () => {
    await ask(await site.visitor(), uniqueEmail(), defaultPassword).expect(401);
  });

  it('moves the account only once the link sent to the new address is opened, telling the old one', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const newEmail = uniqueEmail('moved');
    await ask(visitor, newEmail.toUpperCase(), defaultPassword).expect(204);

    const notice = (await site.mailsTo(user.emailAddress)).find(
      (m) => m.subject === 'Your e-mail address is changing',
    );
    expect(notice?.raw).toContain(newEmail);
    expect(notice?.raw).toContain('has no link to undo it');
    expect(await addressOf(visitor)).toBe(user.emailAddress);

    // Opened on another device, without the session.
    expect((await confirm(await linkTokenTo(site, newEmail, '/email-change/'))).status).toBe(204);
    const me = (await visitor.get('/api/me').expect(200)).body;
    expect(me).toMatchObject({ emailAddress: newEmail, isEmailVerified: true });
    const login = await site.visitor();
    expect((await login.post('/api/login', { emailAddress: newEmail, password: defaultPassword })).body).toBe(
      true,
    );
    expect(
      (await login.post('/api/login', { emailAddress: user.emailAddress, password: defaultPassword })).body,
    ).toBe(false);
  });

  it('refuses a reused link and an expired one', async () => {
    const { visitor } = await signedUpVisitor(site);
    const first = uniqueEmail('first');
    await ask(visitor, first, defaultPassword).expect(204);
    const token = await linkTokenTo(site, first, '/email-change/');
    expect((await confirm(token)).status).toBe(204);
    expect((await confirm(token)).body.error.code).toBe('invalid_token');

    const second = uniqueEmail('second');
    await ask(visitor, second, defaultPassword).expect(204);
    const late = await linkTokenTo(site, second, '/email-change/');
    await site.deps.db.emailToken.updateMany({
      where: { newEmail: second },
      data: { expiresAt: new Date(0) },
    });
    expect((await confirm(late)).body.error.code).toBe('invalid_token');
    expect(await addressOf(visitor)).toBe(first);
  });

  it('answers an address of another account as any other, mailing that mailbox instead of a link', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const { user: other } = await signedUpVisitor(site);
    const free = await ask(visitor, uniqueEmail('free'), defaultPassword);
    const taken = await ask(visitor, other.emailAddress, defaultPassword);
    expect([taken.status, taken.body]).toEqual([free.status, free.body]);

    const toOther = await site.mailsTo(other.emailAddress);
    expect(toOther.map((m) => m.subject)).toContain('Someone tried to use your address');
    expect(toOther.flatMap((m) => m.links).filter((l) => l.includes('/email-change/'))).toEqual([]);
    expect(await addressOf(visitor)).toBe(user.emailAddress);
  });

  it('refuses with 409 when the address was taken between the request and the link, changing nothing', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const wanted = uniqueEmail('wanted');
    await ask(visitor, wanted, defaultPassword).expect(204);
    const token = await linkTokenTo(site, wanted, '/email-change/');
    await signedUpVisitor(site, wanted);
    expect((await confirm(token)).status).toBe(409);
    expect(await addressOf(visitor)).toBe(user.emailAddress);
  });

  it('refuses a wrong current password (403), a missing one (400) and the same address (400)', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    await ask(visitor, uniqueEmail(), 'not my password').expect(403);
    await ask(visitor, uniqueEmail()).expect(400);
    await ask(visitor, user.emailAddress.toUpperCase(), defaultPassword).expect(400);
    await ask(visitor, 'not an address', defaultPassword).expect(400);
    expect(await site.mailsTo(user.emailAddress).then((m) => m.map((x) => x.subject))).not.toContain(
      'Your e-mail address is changing',
    );
  });

  it('moves the albums shared with the old address to the new one', async () => {
    const { owner, album } = await albumOwner(site, 'Holidays');
    const { visitor, user } = await verifiedMember(site);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: user.emailAddress })
      .expect(200);
    const newEmail = uniqueEmail('moved');
    await ask(visitor, newEmail, defaultPassword).expect(204);
    expect((await confirm(await linkTokenTo(site, newEmail, '/email-change/'))).status).toBe(204);

    await visitor.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200);
    const shares = await site.deps.db.albumShare.findMany({ where: { albumId: album.photoAlbumId } });
    expect(shares.map((s) => s.email)).toEqual([newEmail]);
    // Someone who signs up with the old address later gets none of them.
    const { visitor: later } = await verifiedMember(site, user.emailAddress);
    expect((await later.get(`/api/photo-albums/${album.photoAlbumId}/images`)).status).toBe(404);
  });

  it('needs a fresh link from the mailbox, not a password, for an account made by an invitation', async () => {
    const { visitor, email } = await invitedMember(site);
    await ask(visitor, uniqueEmail('fresh')).expect(204);
    await site.deps.db.userSession.updateMany({
      where: { user: { email } },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect((await ask(visitor, uniqueEmail('stale'))).status).toBe(403);
  });
});
