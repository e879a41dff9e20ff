import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFingerprint } from '../../../test/database-fingerprint.ts';
import { databaseKind } from '../../../test/database.ts';
import { defaultPassword, signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { rotateTotpSecrets, WrongOldKeyError } from './rotate-totp-secrets.ts';
import { openTotpSecret } from './totp-secret.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`rotating ENCRYPTION_KEY (${databaseKind})`, () => {
  it('seals every secret under the new key, and changes nothing when given a wrong old key', async () => {
    const { db, config } = site.deps;
    const oldKey = config.encryptionKey;
    const newKey = randomBytes(48).toString('base64url');
    const secrets = new Map<string, string>();

    // One with app codes on, one half-way through turning them on, one stored in plain from before encryption.
    const on = await signedUpVisitor(site);
    const setup = await on.visitor
      .post('/api/me/totp/setup', { currentPassword: defaultPassword })
      .expect(200);
    await on.visitor
      .post('/api/me/totp', { code: await generate({ secret: setup.body.secret }) })
      .expect(200);
    secrets.set(on.user.userId, setup.body.secret);
    const halfway = await signedUpVisitor(site);
    const pending = await halfway.visitor
      .post('/api/me/totp/setup', { currentPassword: defaultPassword })
      .expect(200);
    secrets.set(halfway.user.userId, pending.body.secret);
    const plain = await signedUpVisitor(site);
    await db.totpFactor.create({ data: { userId: plain.user.userId, secret: 'JBSWY3DPEHPK3PXP' } });
    secrets.set(plain.user.userId, 'JBSWY3DPEHPK3PXP');

    const before = await databaseFingerprint(db);
    const wrong = rotateTotpSecrets(db, randomBytes(48).toString('base64url'), newKey);
    await expect(wrong).rejects.toBeInstanceOf(WrongOldKeyError);
    await expect(wrong).rejects.toMatchObject({ unopened: 2 });
    expect(await databaseFingerprint(db)).toEqual(before);

    expect(await rotateTotpSecrets(db, oldKey, newKey)).toBe(3);
    const rows = await db.totpFactor.findMany({ where: { userId: { in: [...secrets.keys()] } } });
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.secret.startsWith('v1:')).toBe(true);
      expect(openTotpSecret(newKey, row.userId, row.secret)).toBe(secrets.get(row.userId));
      expect(() => openTotpSecret(oldKey, row.userId, row.secret)).toThrow();
    }
    // Run again (say, after an interruption), it finds everything under the new key already.
    const after = await databaseFingerprint(db);
    expect(await rotateTotpSecrets(db, oldKey, newKey)).toBe(0);
    expect(await databaseFingerprint(db)).toEqual(after);
  });
});
