import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../test/database.ts';
import { defaultPassword, signedUpVisitor, uniqueEmail } from '../../test/factories.ts';
import { startSite, type TestSite } from '../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

/** The member cookie as the answer sets it: its value, or '' when cleared; undefined when left alone. */
const memberCookieOf = (res: { headers: Record<string, unknown> }) => {
  const lines = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
  const line = lines.find((l) => l.startsWith('member='));
  return line === undefined ? undefined : line.slice('member='.length).split(';')[0];
};

describe(`member cookie (${databaseKind})`, () => {
  it('is not given to a visitor, so the web app knows they are logged out without asking /api/me', async () => {
    const visitor = await site.visitor();
    expect(memberCookieOf(await visitor.get('/api/csrf').expect(200))).toBeUndefined();
  });

  it('is set readable by the log in answer and cleared by the log out answer', async () => {
    const email = uniqueEmail();
    await signedUpVisitor(site, email);
    const visitor = await site.visitor();
    const login = await visitor
      .post('/api/login', { emailAddress: email, password: defaultPassword })
      .expect(200);
    expect(memberCookieOf(login)).toBe('1');
    const line = ([] as string[])
      .concat(login.headers['set-cookie'] ?? [])
      .find((l) => l.startsWith('member='));
    expect(line).not.toMatch(/HttpOnly/i);
    expect(memberCookieOf(await visitor.get('/api/me').expect(200))).toBe('1');
    expect(memberCookieOf(await visitor.post('/api/logout').expect(204))).toBe('');
  });

  it('is cleared when the browser still has it but the session is gone', async () => {
    const visitor = await site.visitor();
    const res = await visitor.get('/api/csrf').set('Cookie', 'member=1').expect(200);
    expect(memberCookieOf(res)).toBe('');
  });
});
