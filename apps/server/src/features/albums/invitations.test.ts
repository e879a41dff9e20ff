import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumOwner, uploadImage, verifiedMember } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { signInLinkLifetimeMs } from '../../auth/sign-in-links.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const sharesOf = (albumId: string) => `/api/photo-albums/${albumId}/share`;

/** The token of the newest invitation mailed to `to`. */
async function invitationTo(to: string): Promise<string> {
  const mails = (await site.mailsTo(to)).filter((m) => m.subject.includes('shared a photo album'));
  const link = mails.at(-1)?.links.find((l) => l.includes('/invitation/'));
  if (!link) throw new Error(`no invitation mailed to ${to}`);
  expect(link).toMatch(/^http:\/\/localhost:3000\/invitation\/[\w-]{43}$/);
  return link.split('/invitation/')[1]!;
}

const follow = (visitor: Visitor, token: string) => visitor.post('/api/sign-in-link/follow', { token });

async function ownerWithAlbum(name = 'Party') {
  const { owner, album } = await albumOwner(site, name);
  await uploadImage(owner.visitor, album.photoAlbumId);
  return { owner, album };
}

describe(`invitations: the link is the key (${databaseKind})`, () => {
  it('signs in an address without an account, verified and without a password, and opens the album', async () => {
    const { owner, album } = await ownerWithAlbum('Grandma turns 90');
    const grandma = uniqueEmail('Grandma');
    await owner.visitor
      .post(sharesOf(album.photoAlbumId), { emailAddress: grandma.toUpperCase() })
      .expect(200);
    const [mail, ...more] = await site.mailsTo(grandma);
    expect(more).toEqual([]);
    expect(mail!.raw).toContain('"Grandma turns 90"');
    expect(mail!.raw).toContain('no password needed');

    const phone = await site.visitor();
    const opened = await follow(phone, await invitationTo(grandma)).expect(200);
    expect(opened.body).toEqual({ albumId: album.photoAlbumId });
    const me = (await phone.get('/api/me').expect(200)).body;
    expect(me).toMatchObject({ emailAddress: grandma.toLowerCase(), isEmailVerified: true });
    const images = await phone.get(`/api/photo-albums/${album.photoAlbumId}/images`).expect(200);
    expect(images.body).toHaveLength(1);
    // No password was set, so none opens the account.
    expect(
      (await (await site.visitor()).post('/api/login', { emailAddress: grandma, password: '' })).status,
    ).toBe(400);
    expect(
      (await (await site.visitor()).post('/api/login', { emailAddress: grandma, password: defaultPassword }))
        .body,
    ).toBe(false);
  });

  it('works again from another device for 14 days, and not after', async () => {
    const { owner, album } = await ownerWithAlbum();
    const cousin = uniqueEmail('cousin');
    await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: cousin }).expect(200);
    const token = await invitationTo(cousin);
    await follow(await site.visitor(), token).expect(200);
    await follow(await site.visitor(), token).expect(200);
    const row = await site.deps.db.signInLink.findFirstOrThrow({ where: { email: cousin } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(
      signInLinkLifetimeMs.INVITATION,
      -4,
    );
    expect(row.tokenHash).not.toContain(token);
    await site.deps.db.signInLink.update({
      where: { id: row.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const late = await follow(await site.visitor(), token);
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
  });

  it('dies with its share: an unshared or trashed album signs nobody in', async () => {
    const { owner, album } = await ownerWithAlbum();
    const friend = uniqueEmail('friend');
    await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: friend }).expect(200);
    const token = await invitationTo(friend);
    await owner.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/unshare`, { emailAddress: friend })
      .expect(200);
    const visitor = await site.visitor();
    expect((await follow(visitor, token)).status).toBe(400);
    expect((await visitor.get('/api/me')).status).toBe(401);
    expect(await site.deps.db.user.count({ where: { email: friend } })).toBe(0);
  });

  it('signs a verified member in with the link, keeping their password', async () => {
    const { owner, album } = await ownerWithAlbum();
    const aunt = await verifiedMember(site);
    await owner.visitor
      .post(sharesOf(album.photoAlbumId), { emailAddress: aunt.user.emailAddress })
      .expect(200);
    const tablet = await site.visitor();
    await follow(tablet, await invitationTo(aunt.user.emailAddress)).expect(200);
    expect((await tablet.get('/api/me')).body.userId).toBe(aunt.user.userId);
    // Her other sessions and her password stay.
    await aunt.visitor.get('/api/me').expect(200);
    const again = await site.visitor();
    expect(
      (await again.post('/api/login', { emailAddress: aunt.user.emailAddress, password: defaultPassword }))
        .body,
    ).toBe(true);
  });

  it('mails one invitation per album and address a day, however often it is unshared and shared again', async () => {
    const { owner, album } = await ownerWithAlbum();
    const target = uniqueEmail('cycled');
    for (let i = 0; i < 5; i++) {
      await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: target }).expect(200);
      await site.runJobs();
      await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/unshare`, { emailAddress: target });
    }
    expect(await site.mailsTo(target)).toHaveLength(1);
  });
});

describe(`invitations: no take-over (${databaseKind})`, () => {
  it('hands an account someone registered with the invited address to whoever reads its mailbox', async () => {
    const { owner, album } = await ownerWithAlbum('Family');
    const victim = uniqueEmail('victim');
    // Someone who guessed the address registers it first, with a password of their own.
    const squatter = await signedUpVisitor(site, victim);
    await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: victim }).expect(200);
    const albumUrl = `/api/photo-albums/${album.photoAlbumId}`;
    expect((await squatter.visitor.get(albumUrl)).body.error.code).toBe('email_not_verified');

    // The real person opens the invitation from her mailbox.
    const herPhone = await site.visitor();
    await follow(herPhone, await invitationTo(victim)).expect(200);
    await herPhone.get(albumUrl).expect(200);
    // The squatter's session is over and their password no longer opens the account.
    expect((await squatter.visitor.get(albumUrl)).status).toBe(401);
    const retry = await site.visitor();
    expect((await retry.post('/api/login', { emailAddress: victim, password: defaultPassword })).body).toBe(
      false,
    );
  });

  it('hands the account over the same way when she follows the verification mail the squatter caused', async () => {
    const { owner, album } = await ownerWithAlbum('Family');
    const victim = uniqueEmail('victim');
    await owner.visitor.post(sharesOf(album.photoAlbumId), { emailAddress: victim }).expect(200);
    const squatter = await signedUpVisitor(site, victim);
    const verify = (await site.mailsTo(victim)).find((m) => m.subject === 'Verify your e-mail address')!;
    const token = verify.links
      .find((l) => l.includes('/verify-email/'))!
      .split('/verify-email/')[1]!
      .split('?')[0]!;

    const herPhone = await site.visitor();
    await herPhone.post('/api/verify-email', { token }).expect(204);
    const albumUrl = `/api/photo-albums/${album.photoAlbumId}`;
    await herPhone.get(albumUrl).expect(200);
    expect((await squatter.visitor.get(albumUrl)).status).toBe(401);
    const retry = await site.visitor();
    expect((await retry.post('/api/login', { emailAddress: victim, password: defaultPassword })).body).toBe(
      false,
    );
  });
});

describe(`sign-in links by e-mail (${databaseKind})`, () => {
  it('mails a one-hour link that signs in once, and nothing to an unknown address, with the same answer', async () => {
    const member = await verifiedMember(site);
    const visitor = await site.visitor();
    await visitor
      .post('/api/sign-in-link', { emailAddress: member.user.emailAddress.toUpperCase() })
      .expect(204);
    const unknown = uniqueEmail('nobody');
    await visitor.post('/api/sign-in-link', { emailAddress: unknown }).expect(204);
    expect(await site.mailsTo(unknown)).toEqual([]);

    const [mail] = (await site.mailsTo(member.user.emailAddress)).filter(
      (m) => m.subject === 'Your sign-in link',
    );
    const link = mail!.links.find((l) => l.includes('/sign-in/'))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/sign-in\/[\w-]{43}$/);
    const token = link.split('/sign-in/')[1]!;
    const opened = await follow(visitor, token).expect(200);
    expect(opened.body).toEqual({ albumId: null });
    expect((await visitor.get('/api/me')).body.userId).toBe(member.user.userId);
    expect((await follow(await site.visitor(), token)).status).toBe(400);
    const row = await site.deps.db.signInLink.findFirstOrThrow({
      where: { email: member.user.emailAddress },
    });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(signInLinkLifetimeMs.SIGN_IN, -4);
  });

  it('limits the mails per address (429) and keeps what was sent', async () => {
    const member = await verifiedMember(site);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      const visitor = await site.visitor();
      answers.push(
        (await visitor.post('/api/sign-in-link', { emailAddress: member.user.emailAddress })).status,
      );
    }
    expect(answers).toEqual([204, 204, 204, 429]);
    const mails = (await site.mailsTo(member.user.emailAddress)).filter(
      (m) => m.subject === 'Your sign-in link',
    );
    expect(mails).toHaveLength(3);
  });

  it('refuses a token that is not one (400) and signs nobody in', async () => {
    const visitor = await site.visitor();
    for (const token of ['', 'x'.repeat(300), 'not-a-token']) {
      expect((await follow(visitor, token)).status, token.slice(0, 10)).toBe(400);
    }
    expect((await visitor.get('/api/me')).status).toBe(401);
  });
});
