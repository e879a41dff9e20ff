import { PrismaSessionStore } from '@quixo3/prisma-session-store';
import type { Request, RequestHandler } from 'express';
import session from 'express-session';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

declare module 'express-session' {
  interface SessionData {
    /** The user this session acts as. */
    userId: string;
    /** Set while an admin acts as `userId` (maintenance mode): the admin's own id. */
    adminId: string;
    /** csurf's per-session secret. */
    csrfSecret: string;
  }
}

const oneDay = 24 * 60 * 60 * 1000;
const thirtyDays = 30 * oneDay;

/**
 * Sessions live in the database, so any app server can serve any request. A member's expires after 30 idle days;
 * a visitor's (which only holds the CSRF secret) after one, so passing visitors do not pile up rows.
 */
export function sessionMiddleware(config: Config, db: Db): RequestHandler[] {
  const visitorLifetime: RequestHandler = (req, _res, next) => {
    if (!req.session.userId) req.session.cookie.maxAge = oneDay;
    next();
  };
  return [
    session({
      name: 'sid',
      secret: config.sessionSecret,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.secureCookies, maxAge: thirtyDays },
      store: new PrismaSessionStore(db as never, {
        checkPeriod: 10 * 60 * 1000,
        dbRecordIdIsSessionId: true,
        logger: false,
      }),
    }),
    visitorLifetime,
  ];
}

/** A fresh session id (against fixation) that keeps the CSRF secret, so the page's token stays valid. */
export function regenerateSession(req: Request): Promise<void> {
  const csrfSecret = req.session.csrfSecret;
  return new Promise((resolve, reject) =>
    req.session.regenerate((err) => {
      if (err) return reject(err);
      if (csrfSecret) req.session.csrfSecret = csrfSecret;
      resolve();
    }),
  );
}

/** Ends the session server-side. */
export function destroySession(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}
