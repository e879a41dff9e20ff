import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Prisma, SignInPurpose } from '../db/generated/client.ts';

type Tx = Prisma.TransactionClient;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Lifetimes: an invitation lasts 14 days (a new share mail issues a fresh one), an e-mailed sign-in link an hour.
 */
export const signInLinkLifetimeMs: Record<SignInPurpose, number> = {
  INVITATION: 14 * 24 * 60 * 60 * 1000,
  SIGN_IN: 60 * 60 * 1000,
};

/** A new link for `email` (an album's invitation when `albumId` is given); answers its token, 256 random bits. */
export async function issueSignInLink(
  db: Pick<Db, 'signInLink'>,
  link: { purpose: SignInPurpose; email: string; albumId?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.signInLink.create({
    data: {
      ...link,
      tokenHash: hash(token),
      expiresAt: new Date(Date.now() + signInLinkLifetimeMs[link.purpose]),
    },
  });
  return token;
}

/**
 * The address a link proves, and the album it opens; null when the link is unknown, expired, a sign-in link used
 * already, or an invitation to an album no longer shared with its address. A sign-in link is used up here, in a
 * conditional update, so two requests racing with one link cannot both succeed.
 */
export async function redeemSignInLink(
  tx: Tx,
  token: string,
): Promise<{ email: string; albumId: string | null } | null> {
  const link = await tx.signInLink.findUnique({ where: { tokenHash: hash(token) } });
  if (!link || link.expiresAt <= new Date()) return null;
  if (link.purpose === 'SIGN_IN') {
    const { count } = await tx.signInLink.updateMany({
      where: { id: link.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (count === 0) return null;
  } else {
    const share = await tx.albumShare.findFirst({
      where: { albumId: link.albumId ?? undefined, email: link.email, album: { trashedAt: null } },
      select: { albumId: true },
    });
    if (!share) return null;
  }
  return { email: link.email, albumId: link.albumId };
}

/**
 * The account of an address whose mailbox was just proven, made ready for whoever reads that mailbox: created
 * (verified, without a password) if there is none; if its address was never verified, its password was set by
 * someone who never proved the address, so the password goes, every session and outstanding link of the account
 * ends, and it counts as verified. A verified account is left as it is. Answers its id.
 */
export async function accountOfMailbox(tx: Tx, email: string): Promise<string> {
  const user = await tx.user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
  if (!user) {
    const created = await tx.user.create({
      data: {
        email,
        passwordHash: null,
        displayName: email.split('@')[0] ?? email,
        emailVerifiedAt: new Date(),
      },
      select: { id: true },
    });
    return created.id;
  }
  if (!user.emailVerifiedAt) await takeOver(tx, user.id);
  return user.id;
}

/**
 * Hands an unverified account to the reader of its mailbox: no password, no second factor (whoever added it
 * holds it), no session, no other link, verified.
 */
async function takeOver(tx: Tx, userId: string): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { passwordHash: null, emailVerifiedAt: new Date() } });
  await tx.passkey.deleteMany({ where: { userId } });
  await tx.totpFactor.deleteMany({ where: { userId } });
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.pendingSignIn.deleteMany({ where: { userId } });
  await tx.userSession.deleteMany({ where: { OR: [{ userId }, { adminId: userId }] } });
  await tx.emailToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
}
