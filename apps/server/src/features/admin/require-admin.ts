import type { Request } from 'express';
import { requirePermission } from '../../auth/current-user.ts';
import { hasSecondFactor } from '../../auth/second-factors.ts';
import type { UserRecord } from '../../auth/user-record.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { siteSettings } from './site-settings.ts';

/**
 * The caller, when they may use the admin tools: 401 logged out, 403 without the admin permission, and 403
 * second_factor_required while the site requires admins to have a second factor and they have none. Their
 * profile's Security section, where they add one, stays open to them.
 */
export async function requireAdmin(db: Db, req: Pick<Request, 'session'>): Promise<UserRecord> {
  const user = requirePermission(req, 'admin');
  const [{ adminsNeedSecondFactor }, hasOne] = await Promise.all([
    siteSettings(db),
    hasSecondFactor(db, user.id),
  ]);
  if (adminsNeedSecondFactor && !hasOne) {
    throw new AppError(
      'second_factor_required',
      'This site requires admins to use a second factor: add a passkey or an authenticator app in your ' +
        "profile's Security section, then come back",
    );
  }
  return user;
}
