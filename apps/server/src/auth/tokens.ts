import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { TokenPurpose } from '../db/generated/enums.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Lifetimes: a verification link or an address change's link lasts a day, a reset link an hour. */
export const tokenLifetimeMs: Record<TokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 60 * 60 * 1000,
  PASSWORD_RESET: 60 * 60 * 1000,
  CHANGE_EMAIL: 24 * 60 * 60 * 1000,
};

/** A new single-use token of 256 random bits; only its SHA-256 is stored. `newEmail` is for CHANGE_EMAIL. */
export async function issueToken(
  db: Db,
  purpose: TokenPurpose,
  userId: string,
  newEmail?: string,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.emailToken.create({
    data: {
      tokenHash: hash(token),
      purpose,
      userId,
      newEmail: newEmail ?? null,
      expiresAt: new Date(Date.now() + tokenLifetimeMs[purpose]),
    },
  });
  return token;
}

/**
 * Uses a token up: answers its user's id (and the new address of a CHANGE_EMAIL token), or null when it is
 * unknown, used, expired or for another purpose.
 * The update is conditional, so two requests racing with one token cannot both succeed.
 */
export async function redeemToken(
  db: Pick<Db, 'emailToken'>,
  purpose: TokenPurpose,
  token: string,
  userId?: string,
): Promise<{ userId: string; newEmail: string | null } | null> {
  const row = await db.emailToken.findUnique({ where: { tokenHash: hash(token) } });
  if (!row || row.purpose !== purpose || (userId && row.userId !== userId)) return null;
  const { count } = await db.emailToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  return count === 1 ? { userId: row.userId, newEmail: row.newEmail } : null;
}
