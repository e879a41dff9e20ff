import { withDetails, type UserRecord } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';

/** Sets the name the user is shown by (to others on comments and shares) and answers the changed user. */
export function updateDisplayName(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  displayName: string,
): Promise<UserRecord> {
  return db.user.update({ where: { id: userId }, data: { displayName }, include: withDetails });
}
