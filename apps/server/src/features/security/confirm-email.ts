import { redeemToken } from '../../auth/tokens.ts';
import type { AppDeps } from '../../deps.ts';
import type { Prisma } from '../../db/generated/client.ts';
import { AppError } from '../../http/app-error.ts';

type Tx = Prisma.TransactionClient;

/**
 * Moves the albums shared with `from` to `to`, in one statement each: a share both addresses had keeps the
 * stronger role. Invitation and sign-in links to `from` stop working: that mailbox no longer speaks for anyone.
 */
async function moveShares(tx: Tx, from: string, to: string): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "AlbumShare" ("albumId", "email", "role", "createdAt")
    SELECT "albumId", ${to}, "role", "createdAt" FROM "AlbumShare" WHERE "email" = ${from}
    ON CONFLICT ("albumId", "email") DO UPDATE
      SET "role" = CASE WHEN EXCLUDED."role" = 'CONTRIBUTOR' THEN EXCLUDED."role" ELSE "AlbumShare"."role" END`;
  await tx.albumShare.deleteMany({ where: { email: from } });
  await tx.signInLink.deleteMany({ where: { email: from } });
}

const taken = () => new AppError('conflict', 'This address now belongs to another account');

/**
 * Redeems the link sent to a new address: the account moves to that address (verified, since the link proves it),
 * with the albums shared with its old one. 400 invalid_token when unknown, used or expired; 409 when another
 * account took the address meanwhile (nothing changes, the link is kept).
 */
export async function confirmEmailChange({ db }: Pick<AppDeps, 'db'>, token: string): Promise<void> {
  const invalid = new AppError('invalid_token', 'This link is invalid, has been used, or has expired');
  try {
    await db.$transaction(async (tx) => {
      const redeemed = await redeemToken(tx, 'CHANGE_EMAIL', token);
      if (!redeemed?.newEmail) throw invalid;
      const { userId, newEmail } = redeemed;
      if (await tx.user.findUnique({ where: { email: newEmail }, select: { id: true } })) throw taken();
      const { email: oldEmail } = await tx.user.findUniqueOrThrow({
        where: { id: userId },
        select: { email: true },
      });
      await tx.user.update({ where: { id: userId }, data: { email: newEmail, emailVerifiedAt: new Date() } });
      await moveShares(tx, oldEmail, newEmail);
      // Links mailed to the old address (verification, reset, other changes) no longer reach the account's owner.
      await tx.emailToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if ((error as { code?: string }).code === 'P2002') throw taken();
    throw error;
  }
}
