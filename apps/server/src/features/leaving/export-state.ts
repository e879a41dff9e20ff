import type { DataExport } from '@site/contract';
import type { Db } from '../../db/database.ts';

/** How long a ready export can be downloaded before the queue deletes it. */
export const exportLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** The member's export as the profile shows it; one past its expiry (its purge not run yet) counts as none. */
export async function exportState(db: Pick<Db, 'dataExport'>, userId: string): Promise<DataExport> {
  const row = await db.dataExport.findUnique({ where: { userId } });
  if (!row) return { state: 'none' };
  const requestedAt = row.requestedAt.toISOString();
  if (!row.readyAt || !row.expiresAt) return { state: 'preparing', requestedAt };
  if (row.expiresAt <= new Date()) return { state: 'none' };
  return {
    state: 'ready',
    requestedAt,
    readyAt: row.readyAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    size: Number(row.size ?? 0n),
  };
}
