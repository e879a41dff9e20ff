import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

/** Sealed secrets start with this, so a row written before encryption (plain base32) is told apart. */
const prefix = 'v1:';

/** Whether a stored secret is sealed under a key (not a plain row written before encryption). */
export const isSealed = (stored: string) => stored.startsWith(prefix);

/** The AES-256 key for TOTP secrets, derived from ENCRYPTION_KEY so the key can serve other uses apart later. */
const keyOf = (encryptionKey: string) =>
  Buffer.from(hkdfSync('sha256', encryptionKey, '', 'totp-secret', 32));

/**
 * `secret` encrypted with AES-256-GCM under ENCRYPTION_KEY for the database: a fresh 12-byte IV, the tag, and the
 * member's id as associated data, so a sealed secret copied onto another member's row does not open.
 */
export function sealTotpSecret(encryptionKey: string, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(encryptionKey), iv).setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return prefix + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The secret a row holds: opened when sealed, as is when written before encryption. Throws when tampered. */
export function openTotpSecret(encryptionKey: string, userId: string, stored: string): string {
  if (!isSealed(stored)) return stored;
  const bytes = Buffer.from(stored.slice(prefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(encryptionKey), bytes.subarray(0, 12))
    .setAAD(Buffer.from(userId))
    .setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/**
 * Seals every TOTP secret still stored in plain (written before encryption), once at start-up; each row is
 * rewritten only if unchanged meanwhile. Answers how many were sealed.
 */
export async function sealPlainTotpSecrets(db: Db, encryptionKey: string): Promise<number> {
  const plain = await db.totpFactor.findMany({
    where: { NOT: { secret: { startsWith: prefix } } },
    select: { userId: true, secret: true },
  });
  let sealed = 0;
  for (const { userId, secret } of plain) {
    const { count } = await db.totpFactor.updateMany({
      where: { userId, secret },
      data: { secret: sealTotpSecret(encryptionKey, userId, secret) },
    });
    sealed += count;
  }
  return sealed;
}
