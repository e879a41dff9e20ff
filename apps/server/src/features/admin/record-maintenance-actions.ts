import type { RequestHandler } from 'express';
import { safeMethods } from '../../auth/csrf.ts';
import type { Db } from '../../db/database.ts';

/**
 * Makes maintenance mode accountable: every request that may change something, made while an admin acts as a
 * member, is written to the audit log with both their ids, the method and path, before it runs (a log that
 * cannot be written stops the request: a 503, nothing done), and its status once answered. Needs the session,
 * and the CSRF check before it, so a refused forgery is not logged as the admin's doing.
 */
export function recordMaintenanceActions(db: Db): RequestHandler {
  return (req, res, next) => {
    const { adminId, userId } = req.session;
    if (!adminId || !userId || safeMethods.has(req.method)) {
      next();
      return;
    }
    const path = (req.originalUrl.split('?')[0] ?? '').slice(0, 2048);
    db.maintenanceEntry
      .create({ data: { adminId, targetId: userId, method: req.method, path }, select: { id: true } })
      .then(({ id }) => {
        res.on('finish', () => {
          db.maintenanceEntry
            .update({ where: { id }, data: { status: res.statusCode } })
            .catch((err: unknown) => req.log.warn({ err, entryId: id }, 'audit status not recorded'));
        });
        next();
      }, next);
  };
}
