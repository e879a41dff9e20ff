import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { albumOwner, createAlbum } from '../../../test/albums-factories.ts';
import { signedUpVisitor, uniqueEmail } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite({ publicUrl: 'https://family.example.org' });
});
afterAll(() => site.close());

const tokenFrom = (link: string) => link.split('/verify-email/')[1]!;

describe(`e-mail verification (${databaseKind})`, () => {
  it('mails a new account its verification link at once, leading on to the newest album shared with it', async () => {
    const { user } = await signedUpVisitor(site);
    const [mail, ...more] = await site.mailsTo(user.emailAddress);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Verify your e-mail address');
    expect(mail!.links.find((l) => l.includes('/verify-email/'))).toMatch(/\/verify-email\/[\w-]{43}$/);

    const { owner, album: first } = await albumOwner(site, 'First');
    const newest = await createAlbum(owner.visitor, 'Newest');
    const invited = uniqueEmail('invited');
    for (const album of [first, newest]) {
      await owner.visitor.post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: invited });
    }
    const signedUp = await signedUpVisitor(site, invited);
    const verify = (await site.mailsTo(invited)).find((m) => m.subject === 'Verify your e-mail address')!;
    const link = verify.links.find((l) => l.includes('/verify-email/'))!;
    expect(link).toMatch(
      new RegExp(`^https://family\\.example\\.org/verify-email/[\\w-]{43}\\?album=${newest.photoAlbumId}$`),
    );
    await signedUp.visitor.post('/api/verify-email', { token: tokenFrom(link).split('?')[0] }).expect(204);
    expect((await signedUp.visitor.get('/api/me')).body.isEmailVerified).toBe(true);
  });

  it('refuses to send a verification mail when logged out', async () => {
    const visitor = await site.visitor();
    await visitor.post('/api/send-verification-email').expect(401);
  });

  it('mails a link to /verify-email/{token} built from PUBLIC_URL, which verifies the address once', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    await visitor.post('/api/send-verification-email').expect(204);
    const [mail] = await site.mailsTo(user.emailAddress);
    const link = mail!.links.find((l) => l.includes('/verify-email/'))!;
    expect(link).toMatch(/^https:\/\/family\.example\.org\/verify-email\/[\w-]{43}$/);

    await visitor.post('/api/verify-email', { token: tokenFrom(link) }).expect(204);
    expect((await visitor.get('/api/me')).body.isEmailVerified).toBe(true);
    const elsewhere = await site.visitor();

    const again = await elsewhere.post('/api/verify-email', { token: tokenFrom(link) });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
  });

  it('stores only a hash of the token', async () => {
    const { user } = await signedUpVisitor(site);
    const token = tokenFrom((await site.mailsTo(user.emailAddress))[0]!.links[0]!);
    const rows = await site.deps.db.emailToken.findMany({ where: { userId: user.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  it('refuses an expired or unknown token and leaves the address unverified', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    await visitor.post('/api/send-verification-email').expect(204);
    const token = tokenFrom((await site.mailsTo(user.emailAddress))[0]!.links[0]!);
    await site.deps.db.emailToken.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(0) },
    });
    expect((await visitor.post('/api/verify-email', { token })).body.error.code).toBe('invalid_token');
    expect((await visitor.post('/api/verify-email', { token: 'made-up' })).status).toBe(400);
    expect((await visitor.get('/api/me')).body.isEmailVerified).toBe(false);
  });

  it('answers 409 when the address is already verified', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    await site.deps.db.user.update({ where: { id: user.userId }, data: { emailVerifiedAt: new Date() } });
    expect((await visitor.post('/api/send-verification-email')).status).toBe(409);
    expect(await site.mailsTo(user.emailAddress)).toHaveLength(0);
  });

  it('sends at most 3 verification mails an hour per user on request, then 429 with Retry-After', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    for (let i = 0; i < 3; i++) await visitor.post('/api/send-verification-email').expect(204);
    const res = await visitor.post('/api/send-verification-email');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The one sent at sign-up, and the three asked for.
    expect(await site.mailsTo(user.emailAddress)).toHaveLength(4);
  });
});
