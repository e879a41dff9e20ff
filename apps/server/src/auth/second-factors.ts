import type { Db } from '../db/database.ts';
import type { Prisma } from '../db/generated/client.ts';

/** Which second factors an account has: authenticator-app codes (once confirmed), and passkeys. */
export async function secondFactorsOf(
  db: Pick<Db, 'totpFactor' | 'passkey'>,
  userId: string,
): Promise<{ totp: boolean; passkey: boolean }> {
  const [totp, passkeys] = await Promise.all([
    db.totpFactor.count({ where: { userId, confirmedAt: { not: null } } }),
    db.passkey.count({ where: { userId } }),
  ]);
  return { totp: totp > 0, passkey: passkeys > 0 };
}

/**
 * A second factor is on when either is there: a passkey is a factor of its own, so an account that has one is
 * asked for it (or a code) after its password, and an account with either counts for the admins' rule. As a
 * filter on users, so lists ask it in their own query.
 */
export const withSecondFactor = {
  OR: [{ passkeys: { some: {} } }, { totp: { is: { confirmedAt: { not: null } } } }],
} satisfies Prisma.UserWhereInput;

/** Whether account `userId` has a second factor on (`withSecondFactor`). */
export async function hasSecondFactor(db: Pick<Db, 'user'>, userId: string) {
  return (await db.user.count({ where: { id: userId, ...withSecondFactor } })) > 0;
}
