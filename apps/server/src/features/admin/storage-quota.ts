import type { MemberStorage } from '@site/contract';
import { loadUser, type UserRecord } from '../../auth/user-record.ts';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { quotaOf } from '../../storage/usage.ts';

/**
 * Sets a user's own quota (null: the configured default again). A quota under what they store already refuses
 * their next upload and takes nothing away.
 */
export async function setStorageQuota(
  { db }: Pick<AppDeps, 'db'>,
  userId: string,
  quotaBytes: number | null,
): Promise<UserRecord> {
  const { count } = await db.user.updateMany({
    where: { id: userId },
    data: { storageQuota: quotaBytes === null ? null : BigInt(quotaBytes) },
  });
  if (count === 0) throw notFound('No such user');
  return (await loadUser(db, userId))!;
}

/** Every member's use and quota, the largest use first. */
export async function membersStorage({
  db,
  config,
}: Pick<AppDeps, 'db' | 'config'>): Promise<MemberStorage[]> {
  const users = await db.user.findMany({
    select: {
      id: true,
      email: true,
      displayName: true,
      emailVerifiedAt: true,
      storageUsed: true,
      storageQuota: true,
    },
    orderBy: [{ storageUsed: 'desc' }, { email: 'asc' }],
  });
  return users.map((u) => ({
    userId: u.id,
    emailAddress: u.email,
    displayName: u.displayName,
    usedBytes: Number(u.storageUsed),
    quotaBytes: Number(quotaOf(u, config.quota)),
  }));
}
