import type { SessionInfo } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { touchAfterMs } from '../../auth/session-store.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const firefoxOnAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0';

/** Another browser of the member, logged in with the password and the given User-Agent. */
async function browser(emailAddress: string, userAgent = firefoxOnAndroid): Promise<Visitor> {
  const visitor = await site.visitor();
  await visitor
    .post('/api/login', { emailAddress, password: defaultPassword })
    .set('User-Agent', userAgent)
    .expect(200);
  return visitor;
}

const sessionsOf = async (visitor: Visitor) =>
  (await visitor.get('/api/me/sessions').expect(200)).body as SessionInfo[];

describe(`sessions (${databaseKind})`, () => {
  it('should fail with 401 when not logged in', async () => {
    const visitor = await site.visitor();
    await visitor.get('/api/me/sessions').expect(401);
    await visitor.post('/api/me/sessions/end-others').expect(401);
  });

  it('lists each session with its browser, system, network and times, and marks this one', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const phone = await browser(user.emailAddress);
    const list = await sessionsOf(visitor);
    expect(list).toHaveLength(2);
    const mine = list.find((s) => s.thisDevice)!;
    const other = list.find((s) => !s.thisDevice)!;
    expect(other).toMatchObject({ browser: 'Firefox 128', system: 'Android 14', byAdministrator: false });
    // Only the /24 of the phone's address (10.x.y.z as the proxy reports it) is kept.
    expect(other.network).toBe(`${phone.address.split('.').slice(0, 3).join('.')}.0/24`);
    expect(mine.network).toBe(`${visitor.address.split('.').slice(0, 3).join('.')}.0/24`);
    expect(Date.parse(mine.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(mine.createdAt));
    const stored = await site.deps.db.userSession.findMany({ where: { userId: user.userId } });
    expect(stored.map((s) => s.network).sort()).toEqual(list.map((s) => s.network).sort());
  });

  it("signs out one other session, whose cookie then gets 401, and refuses another member's or this one", async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const phone = await browser(user.emailAddress);
    const stranger = await signedUpVisitor(site);
    const theirs = (await sessionsOf(stranger.visitor))[0]!;
    await visitor.delete(`/api/me/sessions/${theirs.sessionId}`).expect(404);
    await stranger.visitor.get('/api/me').expect(200);

    const list = await sessionsOf(visitor);
    await visitor.delete(`/api/me/sessions/${list.find((s) => s.thisDevice)!.sessionId}`).expect(400);
    await visitor.delete(`/api/me/sessions/${list.find((s) => !s.thisDevice)!.sessionId}`).expect(204);
    await phone.get('/api/me').expect(401);
    await visitor.get('/api/me').expect(200);
    expect(await sessionsOf(visitor)).toHaveLength(1);
  });

  it('signs out every other session and keeps this one', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const phone = await browser(user.emailAddress);
    const tablet = await browser(user.emailAddress, 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)');
    expect((await visitor.post('/api/me/sessions/end-others').expect(200)).body).toEqual({ ended: 2 });
    await phone.get('/api/me').expect(401);
    await tablet.get('/api/me').expect(401);
    await visitor.get('/api/me').expect(200);
    expect((await sessionsOf(visitor)).map((s) => s.thisDevice)).toEqual([true]);
  });

  it('shows an administrator acting as the member as such, and lets the member end it', async () => {
    const { user } = await signedUpVisitor(site);
    const { visitor: admin, user: adminUser } = await signedUpVisitor(site);
    await site.deps.db.permissionGrant.create({ data: { userId: adminUser.userId, permission: 'admin' } });
    await admin.post('/api/admin/maintenance-mode', { userId: user.userId }).expect(204);
    const member = await browser(user.emailAddress);
    const acting = (await sessionsOf(member)).find((s) => s.byAdministrator)!;
    expect(acting.thisDevice).toBe(false);
    // The administrator may look, but not sign the member's browsers out.
    await admin.post('/api/me/sessions/end-others').expect(403);
    await member.delete(`/api/me/sessions/${acting.sessionId}`).expect(204);
    await admin.get('/api/me').expect(401);
  });

  it('writes last seen at most every few minutes, not on every request', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const row = () => site.deps.db.userSession.findFirstOrThrow({ where: { userId: user.userId } });
    const first = await row();
    for (let i = 0; i < 3; i++) await visitor.get('/api/me').expect(200);
    expect((await row()).lastSeenAt).toEqual(first.lastSeenAt);

    const earlier = new Date(Date.now() - touchAfterMs - 60_000);
    await site.deps.db.userSession.update({
      where: { id: first.id },
      data: { lastSeenAt: earlier, expiresAt: new Date(first.expiresAt.getTime() - touchAfterMs - 60_000) },
    });
    await visitor.get('/api/me').expect(200);
    expect((await row()).lastSeenAt.getTime()).toBeGreaterThan(earlier.getTime() + 60_000);
  });
});
