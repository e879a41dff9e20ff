import type { AdminUser } from '@site/contract';
import type { UserRecord } from '../../auth/current-user.ts';

/** A user as the admin tools show them. */
export function presentAdminUser(
  user: Pick<UserRecord, 'id' | 'email' | 'emailVerifiedAt' | 'permissions'>,
): AdminUser {
  return {
    userId: user.id,
    emailAddress: user.email,
    isEmailVerified: user.emailVerifiedAt !== null,
    permissions: user.permissions.map((p) => p.permission).sort(),
  };
}
