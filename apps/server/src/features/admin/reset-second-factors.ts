import { loadUser, type UserRecord } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Actor } from './actor.ts';

/**
 * Takes every second factor off account `userId`, for a member who lost them all: their passkeys, their
 * authenticator app and its recovery codes, and any log in waiting for one of them. Passkeys go as well, as
 * GitHub's and Nextcloud's recovery removes the registered keys: a passkey still held would make the reset
 * needless, and one lost with a stolen phone must stop opening the account. The member signs in with their
 * password (or a mailed link) again, adds new ones, and is told by mail. Answers the account as it is now. An admin's reset is written to the audit
 * log with their id. 404 for no such account; 409 for an admin's own account (their Security section, with proof,
 * is the way) and for an account without any second factor.
 */
export async function resetSecondFactors(
  { db, logger }: Pick<AppDeps, 'db' | 'logger'>,
  by: Actor,
  userId: string,
): Promise<UserRecord> {
  if ('adminId' in by && by.adminId === userId) {
    throw new AppError('conflict', 'Change your own second factors in your profile’s Security section');
  }
  const removed = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!user) throw notFound('No such user');
    const passkeys = await tx.passkey.deleteMany({ where: { userId } });
    const totp = await tx.totpFactor.deleteMany({ where: { userId, confirmedAt: { not: null } } });
    if (passkeys.count === 0 && totp.count === 0) {
      throw new AppError('conflict', 'This member has no second factor to reset');
    }
    await tx.totpFactor.deleteMany({ where: { userId } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.pendingSignIn.deleteMany({ where: { userId } });
    await tx.webAuthnChallenge.deleteMany({ where: { userId } });
    if ('adminId' in by) {
      await tx.maintenanceEntry.create({
        data: {
          adminId: by.adminId,
          targetId: userId,
          method: 'DELETE',
          path: `/api/admin/users/${userId}/second-factors`,
          status: 204,
        },
      });
    }
    await enqueue(tx, 'account-notice', {
      to: user.email,
      subject: 'Your second factors were reset',
      lines: [
        'An administrator of the site removed your passkeys and your authenticator app, as asked when every' +
          ' second factor is lost. You now sign in with your password or a sign-in link alone.',
        'Add a passkey or an authenticator app again in your profile. If you did not ask for this, tell the' +
          ' administrator at once.',
      ],
      action: { label: 'Open your profile', path: '/profile' },
    });
    return { passkeys: passkeys.count, totp: totp.count > 0 };
  });
  logger.warn({ ...by, userId, ...removed }, 'second factors reset');
  return (await loadUser(db, userId))!;
}
