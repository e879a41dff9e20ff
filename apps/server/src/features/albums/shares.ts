import type { ShareRole, ShareRoles } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
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
 * changes the share's, without one nothing changes. Sharing with oneself is a 400. Answers the updated list.
 */
export async function shareAlbum(
  deps: AppDeps,
  owner: { email: string; displayName: string },
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
