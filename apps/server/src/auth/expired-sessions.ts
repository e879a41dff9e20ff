import type { AppDeps } from '../deps.ts';
import type { Db } from '../db/database.ts';

/** Removes every expired session in one statement (the expiry index finds them). */
export async function removeExpiredSessions(db: Db): Promise<number> {
  return (await db.userSession.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}

/**
 * Removes expired sessions now and every hour, off the request path. Expired rows are already refused when a cookie is read,
 * so this only keeps the table small. The timer does not keep the process alive.
 */
export function scheduleExpiredSessionRemoval({ db, logger }: Pick<AppDeps, 'db' | 'logger'>): () => void {
  const sweep = () =>
    removeExpiredSessions(db).then(
      (removed) => removed > 0 && logger.info({ removed }, 'expired sessions removed'),
      (err: unknown) => logger.error({ err }, 'removing expired sessions failed'),
    );
  void sweep();
  const timer = setInterval(() => void sweep(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
