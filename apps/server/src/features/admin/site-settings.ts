import type { SiteSettings } from '@site/contract';
import { hasSecondFactor } from '../../auth/second-factors.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

/** The site's settings: the one row, or the defaults while nobody changed them. */
export async function siteSettings(db: Db): Promise<SiteSettings> {
  const row = await db.siteSettings.findUnique({ where: { id: 1 } });
  return { adminsNeedSecondFactor: row?.adminsNeedSecondFactor ?? false };
}

/**
 * Changes the site's settings. Requiring a second factor of admins is refused (409) to an admin without one,
 * who would shut themselves out of the admin tools with it.
 */
export async function updateSiteSettings(
  db: Db,
  adminId: string,
  settings: SiteSettings,
): Promise<SiteSettings> {
  if (settings.adminsNeedSecondFactor && !(await hasSecondFactor(db, adminId))) {
    throw new AppError(
      'conflict',
      'Add a passkey or an authenticator app to your own account first, or you would shut yourself out',
    );
  }
  const row = await db.siteSettings.upsert({ where: { id: 1 }, create: settings, update: settings });
  return { adminsNeedSecondFactor: row.adminsNeedSecondFactor };
}
