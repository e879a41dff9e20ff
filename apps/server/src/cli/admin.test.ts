import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedPgliteDir } from '../../test/pglite-dir.ts';
import { openDatabase } from '../db/database.ts';
import { openTotpSecret, sealTotpSecret } from '../features/second-factor/totp-secret.ts';

const run = promisify(execFile);
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');
const cli = path.resolve(import.meta.dirname, 'admin.ts');
let dataDir: string;

async function admin(...args: string[]) {
  try {
    const { stdout } = await run(tsx, [cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout.trim() };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, out: err.stderr.trim() };
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cli-'));
  // An installation already set up (backup.test.ts covers the CLI on a folder it creates itself).
  await migratedPgliteDir(path.join(dataDir, 'db'));
  const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await db.prisma.user.create({ data: { email: 'ada@example.com', passwordHash: 'x' } });
  await db.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// Each run opens PGlite in a process of its own: seconds each, more on a busy machine.
describe('pnpm admin (the permission command)', { timeout: 180_000 }, () => {
  it('grants and revokes a permission by e-mail address on the embedded database', async () => {
    expect(await admin('grant', 'ADA@example.com', 'admin')).toEqual({
      code: 0,
      out: 'ada@example.com: admin',
    });
    expect((await admin('grant', 'ada@example.com', 'files')).out).toBe('ada@example.com: admin, files');
    expect((await admin('revoke', 'ada@example.com', 'admin')).out).toBe('ada@example.com: files');
    expect((await admin('show', 'ada@example.com')).out).toBe('ada@example.com: files');
  });

  it('refuses unknown permissions, unknown addresses and bad usage', async () => {
    expect((await admin('grant', 'ada@example.com', 'superpowers')).code).toBe(2);
    expect(await admin('grant', 'nobody@example.com', 'files')).toEqual({
      code: 1,
      out: 'No account with the address nobody@example.com',
    });
    expect((await admin('frobnicate')).code).toBe(2);
  });
});

describe('pnpm admin (the account commands)', { timeout: 180_000 }, () => {
  it('disables and enables an account, by the rules of the admin route', async () => {
    expect(await admin('disable', 'Ada@example.com')).toEqual({
      code: 0,
      out: 'ada@example.com: disabled, signed out everywhere',
    });
    expect(await admin('enable', 'ada@example.com')).toEqual({ code: 0, out: 'ada@example.com: enabled' });
    expect((await admin('grant', 'ada@example.com', 'admin')).code).toBe(0);
    expect(await admin('disable', 'ada@example.com')).toEqual({
      code: 1,
      out: 'This is the last admin who can sign in, so it cannot be disabled',
    });
    expect((await admin('disable')).code).toBe(2);
  });

  it("resets a member's second factors, and says when there is none", async () => {
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const ada = await db.prisma.user.findUniqueOrThrow({ where: { email: 'ada@example.com' } });
    await db.prisma.totpFactor.create({
      data: { userId: ada.id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date() },
    });
    await db.close();
    expect(await admin('reset-second-factor', 'ada@example.com')).toEqual({
      code: 0,
      out: 'ada@example.com: passkeys and authenticator app removed; a mail tells them',
    });
    expect(await admin('reset-second-factor', 'ada@example.com')).toEqual({
      code: 1,
      out: 'This member has no second factor to reset',
    });
  });
});

describe('pnpm admin rotate-encryption-key', { timeout: 180_000 }, () => {
  it('seals the secrets under the key now configured, after refusing a wrong old key', async () => {
    // The first command made DATA_DIR/encryption-key; a member's app secret is sealed under it.
    const keyFile = path.join(dataDir, 'encryption-key');
    const oldKey = (await readFile(keyFile, 'utf8')).trim();
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const grace = await db.prisma.user.create({ data: { email: 'grace@example.com', passwordHash: 'x' } });
    const sealed = sealTotpSecret(oldKey, grace.id, 'JBSWY3DPEHPK3PXP');
    await db.prisma.totpFactor.create({
      data: { userId: grace.id, secret: sealed, confirmedAt: new Date() },
    });
    await db.close();

    expect(await admin('rotate-encryption-key', keyFile)).toEqual({
      code: 1,
      out: expect.stringMatching(/^The old key is the configured one/),
    });
    // As the README says: move the key aside, so the next start (here, the command) makes a new one.
    const oldKeyFile = path.join(dataDir, 'encryption-key.old');
    await rename(keyFile, oldKeyFile);
    const wrongKeyFile = path.join(dataDir, 'wrong-key');
    await writeFile(wrongKeyFile, 'not the key these secrets were sealed under, at all\n');
    expect(await admin('rotate-encryption-key', wrongKeyFile)).toEqual({
      code: 1,
      out: expect.stringMatching(/^1 authenticator-app secret opens with neither .* Nothing was changed\.$/),
    });
    expect(await admin('rotate-encryption-key', oldKeyFile)).toEqual({
      code: 0,
      out: 'Encrypted 1 authenticator-app secret with the new key.',
    });

    const newKey = (await readFile(keyFile, 'utf8')).trim();
    expect(newKey).not.toBe(oldKey);
    const after = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    const row = await after.prisma.totpFactor.findUniqueOrThrow({ where: { userId: grace.id } });
    await after.close();
    expect(row.secret).not.toBe(sealed);
    expect(openTotpSecret(newKey, grace.id, row.secret)).toBe('JBSWY3DPEHPK3PXP');
  });
});
