import type { Db } from '../../db/database.ts';
import type { Prisma } from '../../db/generated/client.ts';

/**
 * The site must keep an admin who can sign in: disabling one, or an admin deleting their own account, is refused
 * when it would leave none. A disabled admin does not count, since nobody could enable them again from the site.
 */

/**
 * Ids of the admins who can sign in, their rows locked until `tx` ends: two admins removing each other (or
 * themselves) at once are serialised, and the second sees the first's change.
 */
export async function lockEnabledAdmins(tx: Prisma.TransactionClient): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT u.id FROM "User" u
    WHERE u."disabledAt" IS NULL
      AND EXISTS (SELECT 1 FROM "PermissionGrant" g WHERE g."userId" = u.id AND g.permission = 'admin')
    ORDER BY u.id FOR UPDATE`;
  return rows.map((row) => row.id);
}

/** Whether `userId` is the one admin who can sign in (read without a lock, to tell the screen beforehand). */
export async function isLastAdmin(db: Db, userId: string): Promise<boolean> {
  const admins = await db.user.findMany({
    where: { disabledAt: null, permissions: { some: { permission: 'admin' } } },
    select: { id: true },
    take: 2,
  });
  return admins.length === 1 && admins[0]?.id === userId;
}

/** What the only admin is told when they try to delete their account, on the screen and in the 409. */
export const lastAdminCannotLeave =
  'You are the only admin of this site, so your account cannot be deleted: nobody would be left to look after ' +
  'the site. Make another member an admin first (on the server: pnpm admin grant their-address admin), then ' +
  'delete your account.';
