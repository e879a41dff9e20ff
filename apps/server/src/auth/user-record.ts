import type { Db } from '../db/database.ts';

/** What a UserRecord carries besides the user row: pass it as `include` to get one from any query. */
export const withDetails = { permissions: true, disabledNotifications: true } as const;

/** A user as the server acts for them: the row (its password hash aside), their grants and disabled notices. */
export interface UserRecord {
  id: string;
  email: string;
  displayName: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  permissions: { permission: string }[];
  disabledNotifications: { type: string }[];
}

export function loadUser(db: Db, id: string): Promise<UserRecord | null> {
  return db.user.findUnique({ where: { id }, include: withDetails });
}
