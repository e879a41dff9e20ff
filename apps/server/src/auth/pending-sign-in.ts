import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SecondFactorNeeded } from '@site/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { secondFactorsOf } from './second-factors.ts';

/** The httpOnly cookie that names a log in waiting for its second factor; never a session. */
const cookieName = 'second-factor';

/** How long a right password (or a mailbox link) waits for the second factor. */
export const pendingSignInMs = 5 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What a pending sign-in becomes once its second factor is given. */
export interface PendingSignIn {
  userId: string;
  mailboxProven: boolean;
  albumId: string | null;
}

/**
 * Holds a log in whose first factor was right until the second comes: a row keyed by the hash of a random token
 * in a cookie of its own. Nothing is signed in: the request's session is left as it was, so /api/me still says
 * 401. Answers what the browser should ask for.
 */
export async function beginPendingSignIn(
  { db, config }: { db: Db; config: Config },
  res: Response,
  pending: PendingSignIn,
): Promise<SecondFactorNeeded> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + pendingSignInMs);
  await db.pendingSignIn.create({ data: { id: hash(token), ...pending, expiresAt } });
  if (Math.random() < 0.05) await db.pendingSignIn.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  res.cookie(cookieName, token, {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.secureCookies,
    maxAge: pendingSignInMs,
  });
  return {
    secondFactor: { ...(await secondFactorsOf(db, pending.userId)), expiresAt: expiresAt.toISOString() },
  };
}

/** The row id of the request's pending sign-in cookie, if it sent one. */
function pendingId(req: Request): string | null {
  const token: unknown = (req.cookies as Record<string, unknown>)[cookieName];
  return typeof token === 'string' && token.length > 0 ? hash(token) : null;
}

/** The log in this browser has waiting for a second factor, or null (none, or expired). Takes nothing. */
export async function pendingSignIn(db: Db, req: Request): Promise<PendingSignIn | null> {
  const id = pendingId(req);
  if (!id) return null;
  const row = await db.pendingSignIn.findUnique({ where: { id } });
  if (!row || row.expiresAt <= new Date()) return null;
  return { userId: row.userId, mailboxProven: row.mailboxProven, albumId: row.albumId };
}

/**
 * Ends the browser's pending sign-in, once it became a session (or was given up). Answers false when it was
 * gone already: another request finished it first, so this one must not sign in again.
 */
export async function endPendingSignIn(db: Db, req: Request, res: Response): Promise<boolean> {
  const id = pendingId(req);
  res.clearCookie(cookieName, { path: '/api' });
  if (!id) return false;
  return (await db.pendingSignIn.deleteMany({ where: { id } })).count === 1;
}
