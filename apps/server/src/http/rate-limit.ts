import type { Db } from '../db/database.ts';
import { AppError } from './app-error.ts';

export interface Limit {
  /** Counter name; the subject (an address, a client IP, a user id) is appended. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** The abuse limits. Counters are fixed windows kept in the database, so every app server shares them. */
export const limits = {
  failedLoginPerAccount: { name: 'login-failed-account', max: 10, windowSeconds: 15 * 60 },
  failedLoginPerClient: { name: 'login-failed-client', max: 30, windowSeconds: 15 * 60 },
  signupPerClient: { name: 'signup-client', max: 10, windowSeconds: 60 * 60 },
  resetMailPerAddress: { name: 'reset-address', max: 3, windowSeconds: 60 * 60 },
  resetMailPerClient: { name: 'reset-client', max: 10, windowSeconds: 60 * 60 },
  verificationMailPerUser: { name: 'verify-user', max: 3, windowSeconds: 60 * 60 },
  verificationMailPerClient: { name: 'verify-client', max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

function window(limit: Limit, now = Date.now()) {
  const ms = limit.windowSeconds * 1000;
  const start = Math.floor(now / ms) * ms;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + ms - now) / 1000)) };
}

const tooMany = (retryAfterSeconds: number) =>
  new AppError('rate_limited', 'Too many attempts; please try again later', { retryAfterSeconds });

/** 429 if the subject has already used up the limit in this window; counts nothing. */
export async function checkLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  const { start, retryAfterSeconds } = window(limit);
  const row = await db.rateLimit.findUnique({
    where: { key_windowStart: { key: `${limit.name}:${subject.toLowerCase()}`, windowStart: start } },
  });
  if (row && row.count >= limit.max) throw tooMany(retryAfterSeconds);
}

/** Counts one use; 429 (and the count stays) when it goes over the limit. */
export async function consumeLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  const { start, retryAfterSeconds } = window(limit);
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${start}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimit"."count" + 1
    RETURNING "count"`;
  if (Math.random() < 0.01)
    await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(Date.now() - 864e5) } } });
  if (Number(row?.count) > limit.max) throw tooMany(retryAfterSeconds);
}
