import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { UserRecord } from './current-user.ts';

/** A logged-in request's session, loaded once by `loadSession` with everything the handlers ask about. */
export interface LoadedSession {
  /** The row's id (the hash of the cookie's token). */
  id: string;
  /** Set while an admin acts as `user` (maintenance mode): the admin's own id. */
  adminId: string | null;
  user: UserRecord;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the way Express's types are extended
  namespace Express {
    interface Request {
      /** The session, when the request carries a live session cookie (see `loadSession`). */
      session?: LoadedSession;
    }
  }
}

const cookieName = 'sid';
const lifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** The rolling expiry is written at most this often per session: a busy page does not turn every GET into a write. */
const touchAfterMs = 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Drops a `sid` cookie this response already set (loadSession's renewal, when log in then replaces the session). */
function unsetCookie(res: Response) {
  const set = res.getHeader('Set-Cookie');
  const kept = (Array.isArray(set) ? set : set === undefined ? [] : [String(set)]).filter(
    (c) => !c.startsWith(`${cookieName}=`),
  );
  res.setHeader('Set-Cookie', kept);
}

function setCookie(res: Response, config: Config, token: string) {
  unsetCookie(res);
  res.cookie(cookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    path: '/',
    maxAge: lifetimeMs,
  });
}

interface SessionRow {
  adminId: string | null;
  expiresAt: Date;
  user: Omit<UserRecord, 'permissions'> & {
    permissions: { userId: string; permission: string; grantedAt: string }[];
  };
}

/** One round trip: the live session with its user, the user's grants and disabled notifications. */
async function findSession(
  db: Db,
  id: string,
): Promise<(Omit<LoadedSession, 'id'> & { expiresAt: Date }) | null> {
  const [row] = await db.$queryRaw<SessionRow[]>`
    SELECT s."adminId", s."expiresAt",
      to_jsonb(u) || jsonb_build_object(
        'permissions', COALESCE((SELECT jsonb_agg(to_jsonb(g)) FROM "PermissionGrant" g WHERE g."userId" = u.id), '[]'),
        'disabledNotifications',
          COALESCE((SELECT jsonb_agg(to_jsonb(d)) FROM "DisabledNotification" d WHERE d."userId" = u.id), '[]')
      ) AS "user"
    FROM "UserSession" s JOIN "User" u ON u.id = s."userId"
    WHERE s.id = ${id} AND s."expiresAt" > ${new Date()}`;
  if (!row) return null;
  // JSON carries timestamps as strings; the rest of the server expects the Date a Prisma query would give.
  const { user } = row;
  return {
    adminId: row.adminId,
    expiresAt: row.expiresAt,
    user: {
      ...user,
      createdAt: new Date(user.createdAt),
      emailVerifiedAt: user.emailVerifiedAt === null ? null : new Date(user.emailVerifiedAt),
      permissions: user.permissions.map((p) => ({ ...p, grantedAt: new Date(p.grantedAt) })),
    },
  };
}

/**
 * Loads the session named by the `sid` cookie in one query and attaches it as `req.session`; visitors without the
 * cookie cost nothing. A stale or unknown cookie is cleared. The expiry rolls 30 days forward, written to the
 * database only once it has moved by a minute. A database failure goes to the error handler (503) and leaves the
 * cookie alone, so the same cookie works once the database is back.
 */
export function loadSession(config: Config, db: Db): RequestHandler {
  return async (req, res, next) => {
    const token: unknown = req.cookies?.[cookieName];
    if (typeof token !== 'string' || !token) return next();
    try {
      const id = hashOf(token);
      const found = await findSession(db, id);
      if (!found) {
        res.clearCookie(cookieName, { path: '/' });
        return next();
      }
      const expiresAt = new Date(Date.now() + lifetimeMs);
      if (expiresAt.getTime() - found.expiresAt.getTime() > touchAfterMs)
        await db.userSession.updateMany({ where: { id }, data: { expiresAt } });
      req.session = { id, adminId: found.adminId, user: found.user };
      setCookie(res, config, token);
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Starts a session for `userId` (acting for admin `adminId` in maintenance mode) under a new token, ending the
 * request's current one: log in never keeps an id the browser had before (no fixation).
 */
export async function startSession(
  req: Request,
  res: Response,
  { config, db }: { config: Config; db: Db },
  owner: { userId: string; adminId?: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + lifetimeMs);
  await db.$transaction([
    ...(req.session ? [db.userSession.deleteMany({ where: { id: req.session.id } })] : []),
    db.userSession.create({
      data: { id: hashOf(token), userId: owner.userId, adminId: owner.adminId, expiresAt },
    }),
  ]);
  req.session = undefined;
  setCookie(res, config, token);
}

/** Ends the request's session on the server and in the browser. */
export async function endSession(req: Request, res: Response, db: Db): Promise<void> {
  if (req.session) await db.userSession.deleteMany({ where: { id: req.session.id } });
  req.session = undefined;
  unsetCookie(res);
  res.clearCookie(cookieName, { path: '/' });
}
