import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { openTotpSecret, sealPlainTotpSecrets, sealTotpSecret } from './totp-secret.ts';

let site: TestSite;
let key: string;
beforeAll(async () => {
  site = await startSite();
  key = site.deps.config.encryptionKey;
});
afterAll(() => site.close());

/** Logs `email` in with its password and then `code`; answers the second step's status. */
async function logInWithCode(email: string, code: string) {
  const browser = await site.visitor();
  await browser.post('/api/login', { emailAddress: email, password: defaultPassword }).expect(200);
  return (await browser.post('/api/login/second-factor', { code })).status;
}

describe(`TOTP secrets encrypted at rest (${databaseKind})`, () => {
  it('keeps the secret the app was shown only sealed in the database, and still takes its codes', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const setup = await visitor.post('/api/me/totp/setup', { currentPassword: defaultPassword }).expect(200);
    const secret = setup.body.secret as string;
    await visitor.post('/api/me/totp', { code: await generate({ secret }) }).expect(200);
    const row = await site.deps.db.totpFactor.findUniqueOrThrow({ where: { userId: user.userId } });
    expect(row.secret.startsWith('v1:')).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(
      await logInWithCode(user.emailAddress, await generate({ secret, epoch: Date.now() / 1000 + 30 })),
    ).toBe(200);
  });

  it('seals a secret stored in plain before, which keeps working', async () => {
    const { user } = await signedUpVisitor(site);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    await site.deps.db.totpFactor.create({ data: { userId: user.userId, secret, confirmedAt: new Date() } });
    expect(await sealPlainTotpSecrets(site.deps.db, key)).toBeGreaterThanOrEqual(1);
    const row = await site.deps.db.totpFactor.findUniqueOrThrow({ where: { userId: user.userId } });
    expect(row.secret).not.toContain(secret);
    expect(openTotpSecret(key, user.userId, row.secret)).toBe(secret);
    expect(await sealPlainTotpSecrets(site.deps.db, key)).toBe(0);
    expect(await logInWithCode(user.emailAddress, await generate({ secret }))).toBe(200);
  });

  it("does not open under another key, on another member's row, or once altered", () => {
    const sealed = sealTotpSecret(key, 'member-a', 'JBSWY3DPEHPK3PXP');
    expect(openTotpSecret(key, 'member-a', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openTotpSecret(`${key}-other`, 'member-a', sealed)).toThrow();
    expect(() => openTotpSecret(key, 'member-b', sealed)).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => openTotpSecret(key, 'member-a', altered)).toThrow();
  });
});
