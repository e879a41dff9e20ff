import { loadUser, type UserRecord } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { Actor } from './actor.ts';
import { lockEnabledAdmins } from './enabled-admins.ts';

/**
 * Disables account `userId` (or enables it again), for an admin or the operator (`by`). Disabling ends every session of the account at
 * once, its own and any an admin acting as it, or it acting as someone, holds, and any log in waiting for its
 * second step; the session query refuses a disabled account's sessions as well, so none begun meanwhile lives.
 * 409 for the admin's own account and for the last enabled admin: someone must be able to enable accounts again.
 */
export async function setDisabled(
  { db, logger }: Pick<AppDeps, 'db' | 'logger'>,
  by: Actor,
  userId: string,
  disabled: boolean,
): Promise<UserRecord> {
  if (disabled && 'adminId' in by && userId === by.adminId) {
    throw new AppError('conflict', 'You cannot disable your own account');
  }
  await db.$transaction(async (tx) => {
    if (disabled) {
      const admins = await lockEnabledAdmins(tx);
      if (admins.length === 1 && admins[0] === userId) {
        throw new AppError('conflict', 'This is the last admin who can sign in, so it cannot be disabled');
      }
    }
    const { count } = await tx.user.updateMany({
      where: { id: userId, disabledAt: disabled ? null : { not: null } },
      data: { disabledAt: disabled ? new Date() : null },
    });
    if (count === 0 && !(await tx.user.findUnique({ where: { id: userId }, select: { id: true } }))) {
      throw notFound('No such user');
    }
    if (disabled) {
      await tx.userSession.deleteMany({ where: { OR: [{ userId }, { adminId: userId }] } });
      await tx.pendingSignIn.deleteMany({ where: { userId } });
    }
  });
  logger.warn({ ...by, userId }, disabled ? 'account disabled' : 'account enabled again');
  return (await loadUser(db, userId))!;
}
