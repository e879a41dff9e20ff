import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { storageSumSql } from '../db/blob-columns.ts';
import type { Prisma } from '../db/generated/client.ts';
import { AppError } from '../http/app-error.ts';
import { inWords } from './in-words.ts';

type Tx = Prisma.TransactionClient;

/** The storage rules of the configuration: a member's default quota, and the small one until they verify. */
export type QuotaConfig = Config['quota'];

/** How much a user holds and may hold, in bytes. */
export interface StorageUse {
  usedBytes: number;
  quotaBytes: number;
}

/** The quota that applies to a user: their own if an admin set one, else the default for a verified address. */
export function quotaOf(
  user: { storageQuota: bigint | null; emailVerifiedAt: Date | null },
  quota: QuotaConfig,
): bigint {
  if (user.storageQuota !== null) return user.storageQuota;
  return BigInt(user.emailVerifiedAt ? quota.defaultBytes : quota.unverifiedBytes);
}

/** What `userId` holds and may hold. */
export async function storageUse(
  db: Pick<Db, 'user'>,
  userId: string,
  quota: QuotaConfig,
): Promise<StorageUse> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { storageUsed: true, storageQuota: true, emailVerifiedAt: true },
  });
  return { usedBytes: Number(user.storageUsed), quotaBytes: Number(quotaOf(user, quota)) };
}

/**
 * Charges `bytes` to `userId` if they fit in the quota, in one conditional statement (so two uploads at once can't
 * both take the last bytes); otherwise 413 saying how much is left, and nothing changes. Run it in the
 * transaction that creates what holds the bytes.
 */
export async function reserveStorage(
  tx: Tx,
  userId: string,
  bytes: number,
  quota: QuotaConfig,
): Promise<void> {
  const charged = await tx.$executeRaw`
    UPDATE "User" SET "storageUsed" = "storageUsed" + ${bytes}::bigint
    WHERE id = ${userId}::uuid AND "storageUsed" + ${bytes}::bigint <= COALESCE("storageQuota",
      CASE WHEN "emailVerifiedAt" IS NULL THEN ${quota.unverifiedBytes}::bigint ELSE ${quota.defaultBytes}::bigint END)`;
  if (charged !== 1) throw quotaExceeded(await storageUse(tx, userId, quota), bytes);
}

/**
 * The same refusal as `reserveStorage`, checked without charging: before work that must not start for bytes that
 * will not fit (a store's multipart upload). The charge itself is still `reserveStorage`'s.
 */
export async function assertRoom(db: Db, userId: string, bytes: number, quota: QuotaConfig): Promise<void> {
  const use = await storageUse(db, userId, quota);
  if (use.usedBytes + bytes > use.quotaBytes) throw quotaExceeded(use, bytes);
}

function quotaExceeded({ usedBytes, quotaBytes }: StorageUse, bytes: number): AppError {
  const left = Math.max(0, quotaBytes - usedBytes);
  return new AppError(
    'quota_exceeded',
    `This needs ${inWords(bytes)} but you have ${inWords(left)} left of your ${inWords(quotaBytes)}` +
      ' of storage. Empty the trash or delete something to make room.',
  );
}

/**
 * Changes what `userId` is charged by `delta` bytes (negative frees them), with no quota check: for blobs that
 * were charged already (a reservation turning into what it reserved) or that go away.
 */
export async function chargeStorage(tx: Tx, userId: string, delta: bigint): Promise<void> {
  if (delta === 0n) return;
  await tx.$executeRaw`UPDATE "User" SET "storageUsed" = "storageUsed" + ${delta}::bigint WHERE id = ${userId}::uuid`;
}

/** Bytes of every blob `userId` holds, summed from the rows: what the counter must equal (tests, repairs). */
export async function countStorage(db: Pick<Db, '$queryRaw'>, userId: string): Promise<bigint> {
  const [row] = await db.$queryRaw<{ bytes: bigint }[]>(storageSumSql(userId));
  return BigInt(row?.bytes ?? 0);
}
