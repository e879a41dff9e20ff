import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor, siteAdmin, type Member } from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';
import { lastAdminCannotLeave } from '../admin/enabled-admins.ts';

let site: TestSite;
let first: Member;
beforeAll(async () => {
  site = await startSite();
  first = await siteAdmin(site); // the site's first account: its only admin
});
afterAll(() => site.close());

const remove = (visitor: Visitor) =>
  visitor.post('/api/me/delete-account', { currentPassword: defaultPassword });
const onlyAdmin = async (visitor: Visitor) =>
  (await visitor.get('/api/me/security').expect(200)).body.onlyAdmin as boolean;
const userCount = () => site.deps.db.user.count();

/** A new member made an admin, as `pnpm admin grant` does. */
async function anotherAdmin(): Promise<Member> {
  const member = await signedUpVisitor(site);
  await site.deps.db.permissionGrant.create({ data: { userId: member.user.userId, permission: 'admin' } });
  return member;
}

describe(`the last admin leaving (${databaseKind})`, () => {
  it('tells the only admin beforehand, and refuses their deletion with a 409 that says what to do', async () => {
    expect(await onlyAdmin(first.visitor)).toBe(true);
    const member = await signedUpVisitor(site);
    expect(await onlyAdmin(member.visitor)).toBe(false);

    const users = await userCount();
    const res = await remove(first.visitor).expect(409);
    expect(res.body.error).toEqual({ code: 'conflict', message: lastAdminCannotLeave });
    expect(lastAdminCannotLeave).toContain('Make another member an admin first');
    expect(lastAdminCannotLeave).toContain('pnpm admin grant');
    await first.visitor.get('/api/me').expect(200);
    expect(await userCount()).toBe(users);
  });

  it('counts only admins who can sign in: a disabled one cannot look after the site', async () => {
    const second = await anotherAdmin();
    expect(await onlyAdmin(first.visitor)).toBe(false);
    await first.visitor
      .put(`/api/admin/users/${second.user.userId}/disabled`, { disabled: true })
      .expect(200);
    expect(await onlyAdmin(first.visitor)).toBe(true);
    await remove(first.visitor).expect(409);

    await first.visitor
      .put(`/api/admin/users/${second.user.userId}/disabled`, { disabled: false })
      .expect(200);
    // Disabling signed them out: they sign in again.
    const again = await site.visitor();
    await again
      .post('/api/login', { emailAddress: second.user.emailAddress, password: defaultPassword })
      .expect(200, 'true');
    expect(await onlyAdmin(again)).toBe(false);
    await remove(again).expect(204);
    expect(await onlyAdmin(first.visitor)).toBe(true);
  });

  it('lets one of two admins leaving at the same moment go, and keeps the other', async () => {
    const [a, b] = [await anotherAdmin(), await anotherAdmin()];
    // With the first disabled, a and b are the only admins who can sign in: one of them may go, not both.
    await b.visitor.put(`/api/admin/users/${first.user.userId}/disabled`, { disabled: true }).expect(200);
    const enabled = await site.deps.db.user.findMany({
      where: { disabledAt: null, permissions: { some: { permission: 'admin' } } },
      select: { id: true },
    });
    expect(enabled.map((u) => u.id).sort()).toEqual([a.user.userId, b.user.userId].sort());
    const answers = (await Promise.all([remove(a.visitor), remove(b.visitor)])).map((r) => r.status);
    expect(answers.sort()).toEqual([204, 409]);
    const left = await site.deps.db.user.count({
      where: { id: { in: [a.user.userId, b.user.userId] }, permissions: { some: { permission: 'admin' } } },
    });
    expect(left).toBe(1);
  });
});
