import type { MemberRow } from '@site/contract';
import { z } from 'zod';
import { withSecondFactor } from '../../auth/second-factors.ts';
import type { AppDeps } from '../../deps.ts';
import { normalizeEmail } from '../../mail/address.ts';
import { defaultPageSize, pageCursor } from './page-cursor.ts';

/** Members come by address, which is unique: the last address of a page is where the next one starts. */
const cursor = pageCursor(z.string().min(1).max(254));

/** `text` taken literally by the LIKE that Prisma's `startsWith` becomes, whose escape character is `\`. */
const literally = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * One page of members by address: those whose address or display name starts with `q` (any case), after the
 * page whose `next` was `after`. Storage is each member's counter; last seen the stored one, which outlives their sessions.
 */
export async function listMembers(
  { db }: Pick<AppDeps, 'db'>,
  { q, after, limit = defaultPageSize }: { q?: string; after?: string; limit?: number },
): Promise<{ users: MemberRow[]; next: string | null }> {
  const prefix = q?.trim();
  const rows = await db.user.findMany({
    where: {
      ...(after ? { email: { gt: cursor.decode(after) } } : {}),
      ...(prefix
        ? {
            OR: [
              { email: { startsWith: literally(normalizeEmail(prefix)) } },
              { displayName: { startsWith: literally(prefix), mode: 'insensitive' } },
            ],
          }
        : {}),
    },
    orderBy: { email: 'asc' },
    take: limit + 1,
    select: {
      id: true,
      email: true,
      displayName: true,
      storageUsed: true,
      disabledAt: true,
      permissions: { select: { permission: true } },
      lastSeenAt: true,
    },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const withFactor = await db.user.findMany({
    where: { id: { in: page.map((u) => u.id) }, ...withSecondFactor },
    select: { id: true },
  });
  const secondFactor = new Set(withFactor.map((u) => u.id));
  return {
    users: page.map((u) => ({
      userId: u.id,
      emailAddress: u.email,
      displayName: u.displayName,
      permissions: u.permissions.map((p) => p.permission).sort(),
      usedBytes: Number(u.storageUsed),
      lastSeenAt: u.lastSeenAt?.toISOString() ?? null,
      secondFactor: secondFactor.has(u.id),
      disabled: u.disabledAt !== null,
    })),
    next: rows.length > limit && last ? cursor.encode(last.email) : null,
  };
}
