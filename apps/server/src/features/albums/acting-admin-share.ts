import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { mailboxOf } from '../../mail/address.ts';

/**
 * Refuses (403) sharing a member's album, while admin `adminId` acts as them (maintenance mode), with any address
 * of the admin's: theirs, one they are moving to, or a `+tag` form of either. The admin would keep the album
 * after leaving maintenance mode.
 */
export async function refuseActingAdminShare(
  db: Pick<Db, 'user' | 'emailToken'>,
  adminId: string | undefined,
  emailAddress: string,
): Promise<void> {
  if (!adminId) return;
  const [admin, moves] = await Promise.all([
    db.user.findUnique({ where: { id: adminId }, select: { email: true } }),
    db.emailToken.findMany({
      where: { userId: adminId, purpose: 'CHANGE_EMAIL', usedAt: null, expiresAt: { gt: new Date() } },
      select: { newEmail: true },
    }),
  ]);
  const own = [admin?.email, ...moves.map((m) => m.newEmail)].filter((a): a is string => Boolean(a));
  if (own.map(mailboxOf).includes(mailboxOf(emailAddress))) {
    throw new AppError(
      'forbidden',
      'You are acting as this member, so you cannot share their photo album with an address of your own',
    );
  }
}
