import type { MemberRow } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { removeExpiredSessions } from '../../auth/expired-sessions.ts';
import { lastSeenEveryMs } from '../../auth/last-seen.ts';
import { touchAfterMs } from '../../auth/session-store.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let admin: Visitor;
beforeAll(async () => {
  site = await startSite();
  admin = (await siteAdmin(site, 'root@example.com')).visitor;
});
afterAll(() => site.close());

/** Moves the rolling expiry of the matching sessions back past `touchAfterMs`, so their next request writes. */
async function pushBack(where: Prisma.UserSessionWhereInput) {
  const rows = await site.deps.db.userSession.findMany({ where, select: { id: true, expiresAt: true } });
  for (const { id, expiresAt } of rows) {
    await site.deps.db.userSession.update({
      where: { id },
      data: { expiresAt: new Date(expiresAt.getTime() - touchAfterMs - 60_000) },
    });
  }
}

/** Follows `next` from the first page to the last; answers every page's rows. */
async function allPages(query: string): Promise<MemberRow[][]> {
  const pages: MemberRow[][] = [];
  let after: string | null = null;
  do {
    const url: string = `/api/admin/users?${query}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const res = await admin.get(url).expect(200);
    pages.push(res.body.users);
    after = res.body.next;
  } while (after && pages.length < 20);
  return pages;
}

describe(`admin's list of members (${databaseKind})`, () => {
  it('pages members by address with a prefix of address or display name, each once', async () => {
    const emails = ['ann@family.example', 'bob@family.example', 'cid@family.example', 'dee@family.example'];
    for (const email of emails.reverse()) await signedUpVisitor(site, email);
    // A prefix, not a part: no address or name starts with "family".
    expect(await allPages('q=FAMILY&limit=3')).toEqual([[]]);

    const [first, second] = await allPages('q=&limit=3');
    expect(first!.map((u) => u.emailAddress)).toEqual([
      'ann@family.example',
      'bob@family.example',
      'cid@family.example',
    ]);
    expect(second!.map((u) => u.emailAddress)).toEqual(['dee@family.example', 'root@example.com']);

    const byAddress = await allPages('q=B&limit=1');
    expect(byAddress.flat().map((u) => u.emailAddress)).toEqual(['bob@family.example']);

    const { user } = await signedUpVisitor(site, 'zed@family.example');
    await site.deps.db.user.update({ where: { id: user.userId }, data: { displayName: 'Granny Smith' } });
    const byName = await allPages('q=%20gRANNY%20&limit=1');
    expect(byName.flat().map((u) => u.emailAddress)).toEqual(['zed@family.example']);
  });

  it('takes the search as plain text, not as a pattern', async () => {
    for (const q of ['%25', '_', '%5C']) {
      expect((await admin.get(`/api/admin/users?q=${q}`).expect(200)).body.users).toEqual([]);
    }
  });

  it('shows storage from the counter, last seen as stored, second factor and disabled', async () => {
    const member = await signedUpVisitor(site, 'eve@rows.example');
    const id = member.user.userId;
    // The counter is read, not a sum of what is stored: nothing is stored here.
    await site.deps.db.user.update({ where: { id }, data: { storageUsed: 123_456n } });
    const seen = new Date('2026-01-02T03:04:05.000Z');
    await site.deps.db.user.update({ where: { id }, data: { lastSeenAt: seen } });
    // An admin acting as the member is not the member being seen, even once that session's touch is due.
    await admin.post('/api/admin/maintenance-mode', { userId: id }).expect(204);
    await pushBack({ userId: id, adminId: { not: null } });
    await admin.get('/api/me').expect(200);
    await admin.delete('/api/admin/maintenance-mode').expect(204);
    await site.deps.db.totpFactor.create({
      data: { userId: id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date() },
    });

    const [row] = (await admin.get('/api/admin/users?q=eve@').expect(200)).body.users as MemberRow[];
    expect(row).toEqual({
      userId: id,
      emailAddress: 'eve@rows.example',
      displayName: 'eve',
      permissions: [],
      usedBytes: 123_456,
      lastSeenAt: seen.toISOString(),
      secondFactor: true,
      disabled: false,
    });

    await member.visitor.post('/api/logout').expect(204);
    await admin.put(`/api/admin/users/${id}/disabled`, { disabled: true }).expect(200);
    const [after] = (await admin.get('/api/admin/users?q=eve@').expect(200)).body.users as MemberRow[];
    expect(after).toMatchObject({ lastSeenAt: seen.toISOString(), disabled: true });
  });

  it('keeps last seen after the sessions end, written once per few minutes per member', async () => {
    const before = Date.now();
    const { visitor, user } = await signedUpVisitor(site, 'fay@seen.example');
    const stored = async () =>
      (await site.deps.db.user.findUniqueOrThrow({ where: { id: user.userId } })).lastSeenAt?.getTime();
    const signedUp = await stored();
    expect(signedUp).toBeGreaterThanOrEqual(before - 1000);

    // Requests, a second device's sign-in, and a session whose own touch is due: none moves it within the period.
    for (let i = 0; i < 3; i++) await visitor.get('/api/me').expect(200);
    const phone = await site.visitor();
    await phone
      .post('/api/login', { emailAddress: user.emailAddress, password: defaultPassword })
      .expect(200);
    await pushBack({ userId: user.userId });
    await visitor.get('/api/me').expect(200);
    expect(await stored()).toBe(signedUp);

    // Once the period has passed, the next touched session moves it.
    const earlier = new Date(Date.now() - lastSeenEveryMs - 60_000);
    await site.deps.db.user.update({ where: { id: user.userId }, data: { lastSeenAt: earlier } });
    await pushBack({ userId: user.userId });
    await phone.get('/api/me').expect(200);
    const moved = await stored();
    expect(moved).toBeGreaterThan(earlier.getTime() + 60_000);

    // Signed out on one device, expired on the other: the admin still sees when they were last here.
    await visitor.post('/api/logout').expect(204);
    await site.deps.db.userSession.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await removeExpiredSessions(site.deps.db);
    expect(await site.deps.db.userSession.count({ where: { userId: user.userId } })).toBe(0);
    const [row] = (await admin.get('/api/admin/users?q=fay@').expect(200)).body.users as MemberRow[];
    expect(row?.lastSeenAt).toBe(new Date(moved!).toISOString());
  });

  it('refuses a cursor it did not give and a page size out of range with 400', async () => {
    for (const query of [
      'after=nonsense',
      `after=${Buffer.from('[1]').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=x',
    ]) {
      const res = await admin.get(`/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });

  it('is for admins only', async () => {
    const member = await signedUpVisitor(site);
    expect((await member.visitor.get('/api/admin/users')).status).toBe(403);
    expect((await (await site.visitor()).get('/api/admin/users')).status).toBe(401);
  });
});
