import type { Request } from 'express';
import type { User } from '@site/contract';
import { AppError } from '../http/app-error.ts';
import type { PermissionName } from './permissions.ts';
import { loadedUser } from './session-store.ts';
import type { UserRecord } from './user-record.ts';

/**
 * Only the session of a request is read: a request whose query the contract types (paged listings) is one too.
 */
type WithSession = Pick<Request, 'session'>;

/** The session's user, or null when logged out. Loaded with the session (`UserSessionStore`): no query here. */
export function currentUser(req: WithSession): UserRecord | null {
  return loadedUser(req.session);
}

/** The session's user; 401 when logged out. */
export function requireUser(req: WithSession): UserRecord {
  const user = currentUser(req);
  if (!user) throw new AppError('unauthenticated', 'Please log in');
  return user;
}

export const hasPermission = (user: UserRecord, name: PermissionName) =>
  user.permissions.some((p) => p.permission === name);

/** The session's user holding `name`; 401 when logged out, 403 without it. */
export function requirePermission(req: WithSession, name: PermissionName): UserRecord {
  const user = requireUser(req);
  if (!hasPermission(user, name)) throw new AppError('forbidden', `Requires the ${name} permission`);
  return user;
}

/** Whether an admin is acting as the session's user. */
export const inMaintenanceMode = (req: WithSession) => Boolean(req.session.adminId);

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
