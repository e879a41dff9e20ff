import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import {
  besidesVerification,
  defaultPassword,
  signedUpVisitor,
  uniqueEmail,
} from '../../../test/factories.ts';
import { startSite, type TestSite, type Visitor } from '../../../test/support.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const newPassword = 'a brand new passphrase';

async function requestReset(emailAddress: string) {
  const visitor = await site.visitor();
  await visitor.post('/api/password-reset-init', { emailAddress }).expect(204);
  const mail = besidesVerification(await site.mailsTo(emailAddress)).at(-1);
  const link = mail?.links.find((l) => l.includes('/reset-password/'));
  return { visitor, passwordResetId: link?.split('/reset-password/')[1] };
}

/** Submits the reset form as the browser does: the address, the new password and the link's id. */
const submitReset = (visitor: Visitor, emailAddress: string, password: string, passwordResetId?: string) =>
  visitor.post('/api/password-reset-submit', { emailAddress, password, passwordResetId });

/** Whether `password` logs `emailAddress` in, from a new visitor. */
async function logsIn(emailAddress: string, password: string): Promise<boolean> {
  return (await (await site.visitor()).post('/api/login', { emailAddress, password })).body;
}

describe(`password reset (${databaseKind})`, () => {
  it('answers the same for an unknown address and mails nobody', async () => {
    const email = uniqueEmail();
    const { passwordResetId } = await requestReset(email);
    expect(passwordResetId).toBeUndefined();
    expect(await site.mailsTo(email)).toHaveLength(0);
  });

  it('does the same work in the request for a known and an unknown address: one queued job, no token', async () => {
    await site.runJobs();
    const { user } = await signedUpVisitor(site);
    const unknown = uniqueEmail('nobody');
    const { db } = site.deps;
    const work = async (emailAddress: string) => {
      const [jobs, tokens] = [await db.job.count(), await db.emailToken.count()];
      await (await site.visitor()).post('/api/password-reset-init', { emailAddress }).expect(204);
      const queued = await db.job.findMany({ orderBy: { createdAt: 'desc' }, take: 1 });
      return {
        jobs: (await db.job.count()) - jobs,
        tokens: (await db.emailToken.count()) - tokens,
        job: { kind: queued[0]?.kind, payload: queued[0]?.payload },
      };
    };
    expect(await work(` ${user.emailAddress.toUpperCase()} `)).toEqual({
      jobs: 1,
      tokens: 0,
      job: { kind: 'password-reset', payload: { email: user.emailAddress } },
    });
    expect(await work(unknown)).toEqual({
      jobs: 1,
      tokens: 0,
      job: { kind: 'password-reset', payload: { email: unknown } },
    });
    // Only the job finds out whether the account exists.
    expect(besidesVerification(await site.mailsTo(user.emailAddress))).toHaveLength(1);
    expect(await site.mailsTo(unknown)).toHaveLength(0);
    expect(await db.emailToken.count({ where: { userId: user.userId, purpose: 'PASSWORD_RESET' } })).toBe(1);
  });

  it('mails a single-use link that sets the new password and logs every session out', async () => {
    const { visitor: oldSession, user } = await signedUpVisitor(site);
    const { visitor, passwordResetId } = await requestReset(user.emailAddress.toUpperCase());
    expect(passwordResetId).toMatch(/^[\w-]{43}$/);

    await submitReset(visitor, user.emailAddress, newPassword, passwordResetId).expect(204);
    await oldSession.get('/api/me').expect(401);

    const login = await site.visitor();
    expect(
      (await login.post('/api/login', { emailAddress: user.emailAddress, password: defaultPassword })).body,
    ).toBe(false);
    expect(
      (await login.post('/api/login', { emailAddress: user.emailAddress, password: newPassword })).body,
    ).toBe(true);
    // Following the mailed link proves the address.
    expect((await login.get('/api/me')).body.isEmailVerified).toBe(true);

    const reuse = await submitReset(visitor, user.emailAddress, 'yet another passphrase', passwordResetId);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe('invalid_token');
  });

  it('refuses an expired link, a link for another address, and an unknown one, changing nothing', async () => {
    const { user } = await signedUpVisitor(site);
    const { user: other } = await signedUpVisitor(site);
    const { visitor, passwordResetId } = await requestReset(user.emailAddress);
    const submit = (emailAddress: string, id = passwordResetId) =>
      submitReset(visitor, emailAddress, newPassword, id);

    expect((await submit(other.emailAddress)).body.error.code).toBe('invalid_token');
    expect((await submit(user.emailAddress, 'no-such-reset')).status).toBe(400);
    await site.deps.db.emailToken.updateMany({
      where: { userId: user.userId },
      data: { expiresAt: new Date(0) },
    });
    expect((await submit(user.emailAddress)).body.error.code).toBe('invalid_token');

    expect(await logsIn(user.emailAddress, defaultPassword)).toBe(true);
  });

  it('ends every older reset link once one reset succeeds', async () => {
    const { user } = await signedUpVisitor(site);
    const older = await requestReset(user.emailAddress);
    const newer = await requestReset(user.emailAddress);
    await submitReset(newer.visitor, user.emailAddress, newPassword, newer.passwordResetId).expect(204);

    const replay = await submitReset(
      older.visitor,
      user.emailAddress,
      'an attacker passphrase',
      older.passwordResetId,
    );
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('invalid_token');
    expect(await logsIn(user.emailAddress, newPassword)).toBe(true);
  });

  it('refuses a common password without using up the link', async () => {
    const { user } = await signedUpVisitor(site);
    const { visitor, passwordResetId } = await requestReset(user.emailAddress);
    const weak = await submitReset(visitor, user.emailAddress, 'password123', passwordResetId);
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('weak_password');
    await submitReset(visitor, user.emailAddress, newPassword, passwordResetId).expect(204);
  });

  it('expires reset links after one hour', async () => {
    const { user } = await signedUpVisitor(site);
    await requestReset(user.emailAddress);
    const row = await site.deps.db.emailToken.findFirstOrThrow({
      where: { userId: user.userId, purpose: 'PASSWORD_RESET' },
    });
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(60, 0);
  });

  it('sends at most 3 reset mails an hour per address, then 429', async () => {
    const { user } = await signedUpVisitor(site);
    const visitor = await site.visitor();
    for (let i = 0; i < 3; i++) {
      await visitor.post('/api/password-reset-init', { emailAddress: user.emailAddress }).expect(204);
    }
    const res = await visitor.post('/api/password-reset-init', { emailAddress: user.emailAddress });
    expect(res.status).toBe(429);
    expect(besidesVerification(await site.mailsTo(user.emailAddress))).toHaveLength(3);
  });
});
