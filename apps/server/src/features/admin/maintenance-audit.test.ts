import type { AuditEntry } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { albumOwner, createAlbum, verifiedMember } from '../../../test/albums-factories.ts';
import { databaseKind } from '../../../test/database.ts';
import { type Member, signedUpVisitor, siteAdmin } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';

let site: TestSite;
let admin: Member;
beforeAll(async () => {
  site = await startSite();
  admin = await siteAdmin(site, 'Boss@example.com');
});
afterAll(() => site.close());

/** Every entry of the audit log, following `next` with pages of `limit`. */
async function wholeLog(limit: number): Promise<AuditEntry[][]> {
  const pages: AuditEntry[][] = [];
  let after: string | null = null;
  do {
    const query: string = `limit=${limit}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
    const res = await admin.visitor.get(`/api/admin/audit?${query}`).expect(200);
    pages.push(res.body.entries);
    after = res.body.next;
  } while (after && pages.length < 50);
  return pages;
}

describe(`maintenance mode's audit log (${databaseKind})`, () => {
  it('records entering and every change made while acting, with both ids, the route, time and answer', async () => {
    const member = await verifiedMember(site);
    const started = Date.now();
    await admin.visitor.post('/api/admin/maintenance-mode', { userId: member.user.userId }).expect(204);
    const album = await createAlbum(admin.visitor, 'Made by the admin');
    await admin.visitor.patch(`/api/photo-albums/${album.photoAlbumId}`, { name: 'Renamed' }).expect(200);
    await admin.visitor.get('/api/photo-albums').expect(200);
    await admin.visitor.patch(`/api/photo-albums/${album.photoAlbumId}`, { name: '' }).expect(400);
    await admin.visitor.delete('/api/admin/maintenance-mode').expect(204);

    const where = { targetId: member.user.userId };
    // Statuses are written as answers leave; entering is recorded by the admin tools with none.
    await vi.waitFor(async () =>
      expect(await site.deps.db.maintenanceEntry.count({ where: { ...where, status: null } })).toBe(1),
    );
    const rows = await site.deps.db.maintenanceEntry.findMany({ where, orderBy: { createdAt: 'asc' } });
    const albumPath = `/api/photo-albums/${album.photoAlbumId}`;
    expect(rows.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/admin/maintenance-mode', null],
      ['POST', '/api/photo-albums', 200],
      ['PATCH', albumPath, 200],
      ['PATCH', albumPath, 400],
      ['DELETE', '/api/admin/maintenance-mode', 204],
    ]);
    for (const row of rows) {
      expect(row.adminId).toBe(admin.user.userId);
      expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    }

    const newest = (await admin.visitor.get('/api/admin/audit?limit=1').expect(200)).body;
    expect(newest.entries).toEqual([
      {
        id: rows.at(-1)!.id,
        at: rows.at(-1)!.createdAt.toISOString(),
        admin: { userId: admin.user.userId, emailAddress: 'boss@example.com' },
        member: { userId: member.user.userId, emailAddress: member.user.emailAddress },
        method: 'DELETE',
        path: '/api/admin/maintenance-mode',
        status: 204,
      },
    ]);
  });

  it('pages the log newest first, each entry once', async () => {
    const { user } = await signedUpVisitor(site);
    await admin.visitor.post('/api/admin/maintenance-mode', { userId: user.userId }).expect(204);
    for (const name of ['a', 'b', 'c']) await createAlbum(admin.visitor, name);
    await admin.visitor.delete('/api/admin/maintenance-mode').expect(204);
    const pages = await wholeLog(2);
    const entries = pages.flat();
    expect(pages.slice(0, -1).every((p) => p.length === 2)).toBe(true);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries).toHaveLength(await site.deps.db.maintenanceEntry.count());
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records nothing a CSRF check refused', async () => {
    const { user } = await signedUpVisitor(site);
    await admin.visitor.post('/api/admin/maintenance-mode', { userId: user.userId }).expect(204);
    const before = await site.deps.db.maintenanceEntry.count();
    await admin.visitor.agent
      .post('/api/photo-albums')
      .set('X-Forwarded-For', admin.visitor.address)
      .send({ name: 'Forged' })
      .expect(403);
    expect(await site.deps.db.maintenanceEntry.count()).toBe(before);
    await admin.visitor.delete('/api/admin/maintenance-mode').expect(204);
  });

  it("refuses to share the member's album with an address of the acting admin's", async () => {
    const { owner: member, album } = await albumOwner(site, 'Family');
    const share = (emailAddress: string) =>
      admin.visitor.post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress });
    await site.deps.db.emailToken.create({
      data: {
        tokenHash: `moving-${Date.now()}`,
        purpose: 'CHANGE_EMAIL',
        userId: admin.user.userId,
        newEmail: 'boss.new@example.com',
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await admin.visitor.post('/api/admin/maintenance-mode', { userId: member.user.userId }).expect(204);
    for (const address of ['boss@example.com', ' BOSS+photos@Example.com ', 'boss.new@example.com']) {
      const res = await share(address);
      expect(res.status, address).toBe(403);
      expect(res.body.error.message).toBe(
        'You are acting as this member, so you cannot share their photo album with an address of your own',
      );
    }
    await share('cousin@example.com').expect(200);
    await admin.visitor.delete('/api/admin/maintenance-mode').expect(204);
    const shares = await site.deps.db.albumShare.findMany({ where: { albumId: album.photoAlbumId } });
    expect(shares.map((s) => s.email)).toEqual(['cousin@example.com']);
    // The member may share with the admin themselves.
    await member.visitor
      .post(`/api/photo-albums/${album.photoAlbumId}/share`, { emailAddress: 'boss@example.com' })
      .expect(200);
  });

  it('is for admins only, and refuses a cursor it did not give', async () => {
    const member = await signedUpVisitor(site);
    expect((await member.visitor.get('/api/admin/audit')).status).toBe(403);
    expect((await (await site.visitor()).get('/api/admin/audit')).status).toBe(401);
    const res = await admin.visitor.get(
      `/api/admin/audit?after=${Buffer.from('["x"]').toString('base64url')}`,
    );
    expect(res.status).toBe(400);
  });
});
