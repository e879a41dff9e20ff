import { promisify } from 'node:util';
import type { Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Prepare } from '../db/prepared.ts';
import { networkOf } from './network.ts';
import { UserSessionStore } from './session-store.ts';

declare module 'express-session' {
  interface SessionData {
    /** The user this session acts as; only sessions with one are stored. */
    userId: string;
    /** Set while an admin acts as `userId` (maintenance mode): the admin's own id. */
    adminId?: string;
    /** Written with a new session's row only (the store never reads them back): see UserSession. */
    userAgent?: string;
    network?: string;
    mailboxProven?: boolean;
  }
}

const cookieName = 'sid';
const lifetimeMs = 30 * 24 * 60 * 60 * 1000;

/**
 * Sessions live in the database (`UserSessionStore`), so any app server can serve any request. One query per
 * logged-in request loads the session with its user; the expiry rolls 30 days forward (the cookie on every
 * response, the row at most once a minute). Visitors get neither a row nor a cookie: nothing is put in a session
 * before log in, and the CSRF token lives in a cookie of its own.
 */
export function sessionMiddleware(config: Config, db: Db, prepare: Prepare): RequestHandler[] {
  const cookie = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    originalMaxAge: lifetimeMs,
  } as const;
  return [
    session({
      name: cookieName,
      secret: config.sessionSecret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { ...cookie, maxAge: lifetimeMs },
      store: new UserSessionStore(db, prepare, { ...cookie }),
    }),
    forgetEndedSession,
  ];
}

/**
 * Clears a `sid` cookie whose session has ended (logged out elsewhere, expired, a password reset) or whose signature
 * fails, so the browser stops sending it. Never reached when the store failed: that cookie is kept for later.
 */
const forgetEndedSession: RequestHandler = (req, res, next) => {
  const cookies = {
    ...(req.cookies as Record<string, unknown>),
    ...(req.signedCookies as Record<string, unknown>),
  };
  const sent = cookies[cookieName];
  if (sent !== undefined && !req.session.userId) res.clearCookie(cookieName, { path: '/' });
  next();
};

/**
 * Starts a session for `userId` (acting for admin `adminId` in maintenance mode) under a new id, ending the
 * request's current one: log in never keeps an id the browser had before (no fixation). Saved before the answer,
 * with the browser and network it began from; `mailboxProven` when it began by a link from the member's mailbox.
 */
export async function startSession(
  req: Request,
  owner: { userId: string; adminId?: string },
  { mailboxProven = false }: { mailboxProven?: boolean } = {},
): Promise<void> {
  await promisify(req.session.regenerate.bind(req.session))();
  req.session.userId = owner.userId;
  if (owner.adminId) req.session.adminId = owner.adminId;
  req.session.userAgent = (req.get('user-agent') ?? '').slice(0, 512);
  req.session.network = networkOf(req.ip);
  if (mailboxProven) req.session.mailboxProven = true;
  await promisify(req.session.save.bind(req.session))();
}

/** Ends the request's session on the server and in the browser. */
export async function endSession(req: Request, res: Response): Promise<void> {
  await promisify(req.session.destroy.bind(req.session))();
  res.clearCookie(cookieName, { path: '/' });
}
