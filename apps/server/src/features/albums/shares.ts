import type { ShareRole, ShareRoles } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { limits, consumeLimit } from '../../http/rate-limit.ts';
import { enqueue } from '../../jobs/queue.ts';
import { normalizeEmail } from '../../mail/address.ts';

/** The addresses an album is shared with, in the order they were added. */
export async function listShares(db: Db, albumId: string): Promise<string[]> {
  const shares = await db.albumShare.findMany({
    where: { albumId },
    orderBy: [{ createdAt: 'asc' }, { email: 'asc' }],
    select: { email: true },
  });
  return shares.map((s) => s.email);
}

const { max: newInviteesPerDay } = limits.newInviteesPerMember;

const roleOfShare = { VIEWER: 'viewer', CONTRIBUTOR: 'contributor' } as const;
const shareOfRole = { viewer: 'VIEWER', contributor: 'CONTRIBUTOR' } as const;

/** The addresses an album is shared with, in the order they were added, each with its role. */
export async function listShareRoles(db: Db, albumId: string): Promise<ShareRoles> {
  const shares = await db.albumShare.findMany({
    where: { albumId },
    orderBy: [{ createdAt: 'asc' }, { email: 'asc' }],
    select: { email: true, role: true },
  });
  return shares.map((s) => ({ emailAddress: s.email, role: roleOfShare[s.role] }));
}

/**
 * Shares an album with an address (trimmed, lower-cased) as `role` (viewer when not given) and mails its holder
 * once (share-mail.ts: the album, a verification link or an invitation). Sharing again mails no one: with a role it
 * changes the share's, without one nothing changes. Sharing with oneself is a 400. An address the owner has shared
 * none of their albums with counts against their daily limit of new invitees: past it, 429 and this share is not
 * made (earlier ones stay). Answers the updated list.
 */
export async function shareAlbum(
  deps: AppDeps,
  owner: { id: string; email: string; displayName: string },
  album: { id: string },
  emailAddress: string,
  role?: ShareRole,
): Promise<string[]> {
  const email = normalizeEmail(emailAddress);
  if (email === owner.email)
    throw new AppError('bad_request', 'You cannot share a photo album with yourself');
  await deps.db.$transaction(async (tx) => {
    const { count } = await tx.albumShare.createMany({
      data: [{ albumId: album.id, email, role: shareOfRole[role ?? 'viewer'] }],
      skipDuplicates: true,
    });
    if (count === 0) {
      if (role) {
        await tx.albumShare.updateMany({
          where: { albumId: album.id, email },
          data: { role: shareOfRole[role] },
        });
      }
      return;
    }
    const known = await tx.albumShare.count({
      where: { email, albumId: { not: album.id }, album: { ownerId: owner.id } },
    });
    if (known === 0)
      await consumeLimit(
        tx,
        limits.newInviteesPerMember,
        owner.id,
        `You can share albums with at most ${newInviteesPerDay} new addresses a day; please try again tomorrow`,
      );
    await enqueue(tx, 'album-shared', {
      albumId: album.id,
      to: email,
      sharer: { displayName: owner.displayName, email: owner.email },
      sharedAt: new Date().toISOString(),
    });
  });
  return listShares(deps.db, album.id);
}

/** Stops sharing an album with an address; answers the updated list (unchanged when it was not shared). */
export async function unshareAlbum(db: Db, albumId: string, emailAddress: string): Promise<string[]> {
  await db.albumShare.deleteMany({ where: { albumId, email: normalizeEmail(emailAddress) } });
  return listShares(db, albumId);
}
