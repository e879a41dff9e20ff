import type { Request } from 'express';
import { hasPermission, loadUser, requireUser, type UserRecord } from '../../auth/current-user.ts';
import { startSession } from '../../auth/session.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/**
 * The admin's session starts acting as `targetId` (maintenance mode). Every entry is recorded and logged. Admins
 * cannot act as other admins.
 */
export async function enterMaintenanceMode(
  { db }: AppDeps,
  req: Request,
  admin: UserRecord,
  targetId: string,
): Promise<void> {
  const target = await loadUser(db, targetId);
  if (!target) throw notFound('No such user');
  if (target.id === admin.id) throw new AppError('bad_request', 'You are already yourself');
  if (hasPermission(target, 'admin')) throw new AppError('forbidden', 'Admins cannot act as another admin');
  await db.maintenanceEntry.create({ data: { adminId: admin.id, targetId: target.id } });
  req.log.warn(
    { adminId: admin.id, admin: admin.email, targetId: target.id, target: target.email },
    'maintenance mode entered',
  );
  await startSession(req, { userId: target.id, adminId: admin.id });
}

/**
 * Returns an admin's session from maintenance mode to their own account. The session's row names the admin with a
 * foreign key, so an admin whose account is gone has no session left to return to.
 */
export async function leaveMaintenanceMode(req: Request): Promise<void> {
  const user = requireUser(req);
  const adminId = req.session.adminId;
  if (!adminId) throw new AppError('conflict', 'Not in maintenance mode');
  req.log.info({ adminId, targetId: user.id }, 'maintenance mode left');
  await startSession(req, { userId: adminId });
}
