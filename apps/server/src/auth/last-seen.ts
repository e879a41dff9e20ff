import type { Db } from '../db/database.ts';

/**
 * A member's stored "last seen" (User.lastSeenAt) moves at most this often: it is exact to a few minutes, as the
 * admin's member list shows it, and a member busy on several devices costs one row write per period, not one
 * per request.
 */
export const lastSeenEveryMs = 5 * 60 * 1000;

/**
 * Records that `userId` used the site at `now`, unless a time within `lastSeenEveryMs` is stored already: the
 * condition sits in the UPDATE, so sessions of one member touched together write the row once.
 */
export async function markSeen(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.user.updateMany({
    where: {
      id: userId,
      OR: [{ lastSeenAt: null }, { lastSeenAt: { lt: new Date(now.getTime() - lastSeenEveryMs) } }],
    },
    data: { lastSeenAt: now },
  });
}
