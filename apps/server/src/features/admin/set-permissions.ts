import { loadUser, type UserRecord } from '../../auth/user-record.ts';
import { isKnownPermission } from '../../auth/permissions.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/**
 * Grants (true) and revokes (false) permissions in one transaction. `admin` itself is not changed here (only
 * from the command line), so an admin can never lock every admin out.
 */
export async function setPermissions(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  changes: Record<string, boolean>,
): Promise<UserRecord> {
  const names = Object.keys(changes);
  const issues = names
    .filter((n) => n === 'admin' || !isKnownPermission(n))
    .map((n) => ({
      path: ['body', 'permissions', n],
      message: n === 'admin' ? 'The admin permission cannot be changed here' : 'Unknown permission',
    }));
  if (issues.length) throw new AppError('bad_request', issues[0]!.message, { issues });
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } })))
    throw notFound('No such user');

  const grant = names.filter((n) => changes[n]);
  const revoke = names.filter((n) => !changes[n]);
  await db.$transaction([
    db.permissionGrant.createMany({
      data: grant.map((permission) => ({ userId, permission })),
      skipDuplicates: true,
    }),
    db.permissionGrant.deleteMany({ where: { userId, permission: { in: revoke } } }),
  ]);
  return (await loadUser(db, userId))!;
}
