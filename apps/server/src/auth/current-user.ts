import type { Request } from 'express';
import type { User } from '@site/contract';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import type { PermissionName } from './permissions.ts';

/** What a UserRecord carries besides the user row: pass it as `include` to get one from any query. */
export const withDetails = { permissions: true, disabledNotifications: true } as const;

export type UserRecord = NonNullable<Awaited<ReturnType<typeof loadUser>>>;

export function loadUser(db: Db, id: string) {
  return db.user.findUnique({ where: { id }, include: withDetails });
}

/** The session's user, or null when logged out (or the account is gone). */
export async function currentUser(req: Request, db: Db): Promise<UserRecord | null> {
  const id = req.session?.userId;
  return id ? loadUser(db, id) : null;
}

/** The session's user; 401 when logged out. */
export async function requireUser(req: Request, db: Db): Promise<UserRecord> {
  const user = await currentUser(req, db);
  if (!user) throw new AppError('unauthenticated', 'Please log in');
  return user;
}

export const hasPermission = (user: UserRecord, name: PermissionName) =>
  user.permissions.some((p) => p.permission === name);

/** The session's user holding `name`; 401 when logged out, 403 without it. */
export async function requirePermission(req: Request, db: Db, name: PermissionName): Promise<UserRecord> {
  const user = await requireUser(req, db);
  if (!hasPermission(user, name)) throw new AppError('forbidden', `Requires the ${name} permission`);
  return user;
}

/** The user as the contract shows it to themselves. */
export function presentMe(user: UserRecord, maintenanceMode: boolean): User {
  return {
    userId: user.id,
    emailAddress: user.email,
    isEmailVerified: user.emailVerifiedAt !== null,
    permissions: user.permissions.map((p) => p.permission).sort(),
    displayName: user.displayName,
    disabledNotifications: user.disabledNotifications.map((d) => d.type).sort(),
    maintenanceMode,
  };
}
