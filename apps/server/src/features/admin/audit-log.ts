import type { AuditEntry } from '@site/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { defaultPageSize, pageCursor } from './page-cursor.ts';

/** The log comes newest first: a page ends at its last row's time and id. */
const cursor = pageCursor(z.tuple([z.string().datetime(), z.string().uuid()]));

/**
 * One page of the maintenance-mode audit log, newest first, after the page whose `next` was `after`; each row
 * with the addresses of the admin and the member it names, as their accounts are now (null once gone).
 */
export async function auditLog(
  { db }: Pick<AppDeps, 'db'>,
  { after, limit = defaultPageSize }: { after?: string; limit?: number },
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const place = after ? cursor.decode(after) : null;
  const rows = await db.maintenanceEntry.findMany({
    where: place
      ? {
          OR: [
            { createdAt: { lt: new Date(place[0]) } },
            { createdAt: new Date(place[0]), id: { lt: place[1] } },
          ],
        }
      : {},
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const ids = [...new Set(page.flatMap((r) => [r.adminId, r.targetId]))];
  const accounts = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const emailOf = new Map(accounts.map((a) => [a.id, a.email]));
  const account = (userId: string) => ({ userId, emailAddress: emailOf.get(userId) ?? null });
  const last = page.at(-1);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      admin: account(r.adminId),
      member: account(r.targetId),
      method: r.method,
      path: r.path,
      status: r.status,
    })),
    next: rows.length > limit && last ? cursor.encode([last.createdAt.toISOString(), last.id]) : null,
  };
}
