import type { MemberRow } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
let admin: Visitor;
beforeAll(async () => {
  site = await startSite();
  admin = (await siteAdmin(site, 'root@example.com')).visitor;
});
afterAll(() => site.close());

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

  it('shows storage from the counter, last seen from the own sessions, second factor and disabled', async () => {
    const member = await signedUpVisitor(site, 'eve@rows.example');
    const id = member.user.userId;
    // The counter is read, not a sum of what is stored: nothing is stored here.
    await site.deps.db.user.update({ where: { id }, data: { storageUsed: 123_456n } });
    const seen = new Date('2026-01-02T03:04:05.000Z');
    await site.deps.db.userSession.updateMany({ where: { userId: id }, data: { lastSeenAt: seen } });
    // An admin acting as the member is not the member being seen.
    await admin.post('/api/admin/maintenance-mode', { userId: id }).expect(204);
    await site.deps.db.userSession.updateMany({
      where: { userId: id, adminId: { not: null } },
      data: { lastSeenAt: new Date('2026-06-01T00:00:00.000Z') },
    });
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
    expect(after).toMatchObject({ lastSeenAt: null, disabled: true });
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
