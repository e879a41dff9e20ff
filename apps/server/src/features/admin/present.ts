import type { AdminUser } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import type { UserRecord } from '../../auth/user-record.ts';
import { hasSecondFactor } from '../../auth/second-factors.ts';
import { quotaOf } from '../../storage/usage.ts';

/** A user as the admin tools show them, with what they store and may store (one read of their row). */
export async function presentAdminUser(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  user: Pick<UserRecord, 'id' | 'email' | 'emailVerifiedAt' | 'permissions'>,
): Promise<AdminUser> {
  const [stored, secondFactor] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: { storageUsed: true, storageQuota: true, emailVerifiedAt: true, disabledAt: true },
    }),
    hasSecondFactor(db, user.id),
  ]);
  return {
    userId: user.id,
    emailAddress: user.email,
    isEmailVerified: user.emailVerifiedAt !== null,
    permissions: user.permissions.map((p) => p.permission).sort(),
    storage: {
      usedBytes: Number(stored.storageUsed),
      quotaBytes: Number(quotaOf(stored, config.quota)),
      ownQuotaBytes: stored.storageQuota === null ? null : Number(stored.storageQuota),
    },
    secondFactor,
    disabled: stored.disabledAt !== null,
  };
}
