import type { SessionInfo } from '@site/contract';
import type { AppDeps } from '../../deps.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { describeUserAgent } from './user-agent.ts';
import type { Caller } from './proof.ts';

/**
 * The live sessions of the caller's account, the most recently seen first. Sessions in which an administrator acts
 * as the member are listed, marked as such, so the member sees them and can end them.
 */
export async function listSessions({ db }: Pick<AppDeps, 'db'>, caller: Caller): Promise<SessionInfo[]> {
  const rows = await db.userSession.findMany({
    where: { userId: caller.userId, expiresAt: { gt: new Date() } },
    orderBy: [{ lastSeenAt: 'desc' }, { createdAt: 'desc' }],
  });
  return rows.map((row) => ({
    sessionId: row.publicId,
    ...describeUserAgent(row.userAgent),
    network: row.network,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    thisDevice: row.id === caller.sessionRowId,
    byAdministrator: row.adminId !== null,
  }));
}

/** Signs out one other session of the caller's account: 404 when it is not theirs, 400 for the caller's own. */
export async function endSession(
  { db }: Pick<AppDeps, 'db'>,
  caller: Caller,
  sessionId: string,
): Promise<void> {
  const row = await db.userSession.findFirst({
    where: { publicId: sessionId, userId: caller.userId },
    select: { id: true },
  });
  if (!row) throw notFound('No such session');
  if (row.id === caller.sessionRowId) {
    throw new AppError('bad_request', 'This is the session you are using: log out instead');
  }
  await db.userSession.deleteMany({ where: { id: row.id } });
}
