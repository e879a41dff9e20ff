import type { AdminUser } from '@site/contract';
import type { UserRecord } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';
import { storageUse } from '../../storage/usage.ts';

/** A user as the admin tools show them, with what they store and may store. */
export async function presentAdminUser(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  user: Pick<UserRecord, 'id' | 'email' | 'emailVerifiedAt' | 'permissions'>,
): Promise<AdminUser> {
  const [use, own] = await Promise.all([
    storageUse(db, user.id, config.quota),
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { storageQuota: true } }),
  ]);
  return {
    userId: user.id,
    emailAddress: user.email,
    isEmailVerified: user.emailVerifiedAt !== null,
    permissions: user.permissions.map((p) => p.permission).sort(),
    storage: { ...use, ownQuotaBytes: own.storageQuota === null ? null : Number(own.storageQuota) },
  };
}
