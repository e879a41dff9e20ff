import { hasPermission } from '../../auth/current-user.ts';
import { isDisabled } from '../../auth/disabled-accounts.ts';
import { loadUser, type UserRecord } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/** Who a session acts as: `userId`, and while an admin acts as someone else, the admin's own `adminId`. */
export interface SessionIdentity {
  userId?: string;
  adminId?: string;
}

/**
 * Lets `admin` act as `targetId` (maintenance mode): checks the target, records and logs the entry, and answers
 * the identity the (regenerated) session takes. Admins cannot act as other admins, nor as a disabled account.
 */
export async function enterMaintenanceMode(
  { db, logger }: Pick<AppDeps, 'db' | 'logger'>,
  admin: UserRecord,
  targetId: string,
): Promise<Required<SessionIdentity>> {
  const target = await loadUser(db, targetId);
  if (!target) throw notFound('No such user');
  if (target.id === admin.id) throw new AppError('bad_request', 'You are already yourself');
  if (hasPermission(target, 'admin')) throw new AppError('forbidden', 'Admins cannot act as another admin');
  if (await isDisabled(db, { id: target.id })) {
    throw new AppError('conflict', 'This account is disabled: enable it again before acting as it');
  }
  await db.maintenanceEntry.create({
    data: { adminId: admin.id, targetId: target.id, method: 'POST', path: '/api/admin/maintenance-mode' },
  });
  logger.warn(
    { adminId: admin.id, admin: admin.email, targetId: target.id, target: target.email },
    'maintenance mode entered',
  );
  return { adminId: admin.id, userId: target.id };
}

/**
 * Ends maintenance mode for a session acting as `identity`: answers the user the (regenerated) session goes
 * back to, the admin, or undefined when the admin's account is gone meanwhile (then the session ends).
 */
export async function leaveMaintenanceMode(
  { db, logger }: Pick<AppDeps, 'db' | 'logger'>,
  identity: SessionIdentity,
): Promise<string | undefined> {
  const { adminId, userId } = identity;
  if (!userId) throw new AppError('unauthenticated', 'Please log in');
  if (!adminId) throw new AppError('conflict', 'Not in maintenance mode');
  logger.info({ adminId, targetId: userId }, 'maintenance mode left');
  return (await loadUser(db, adminId)) ? adminId : undefined;
}
