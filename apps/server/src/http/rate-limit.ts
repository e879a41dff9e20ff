import type { Db } from '../db/database.ts';
import type { Prisma } from '../db/generated/client.ts';
import { AppError } from './app-error.ts';

export interface Limit {
  /** Counter name; the subject (an address, a client IP, a user id) is appended. */
  name: string;
  max: number;
  windowSeconds: number;
}

/** The abuse limits. Counters are fixed windows kept in the database, so every app server shares them. */
export const limits = {
  /** Not a lockout: past `max`, each further failure makes the account's log ins answer more slowly. */
  failedLoginPerAccount: { name: 'login-failed-account', max: 10, windowSeconds: 15 * 60 },
  failedLoginPerClient: { name: 'login-failed-client', max: 30, windowSeconds: 15 * 60 },
  /** Wrong codes (authenticator app or recovery) after a right password: past `max`, 429 until the window ends. */
  wrongSecondFactorPerAccount: { name: 'second-factor-account', max: 5, windowSeconds: 15 * 60 },
  wrongSecondFactorPerClient: { name: 'second-factor-client', max: 5, windowSeconds: 15 * 60 },
  signupPerClient: { name: 'signup-client', max: 10, windowSeconds: 60 * 60 },
  /**
   * Anonymous passkey sign-ins begun (each stores a challenge); generous, as the log-in page begins one each time
   * it opens, for the browser to offer passkeys among its autofill suggestions.
   */
  passkeySignInOptionsPerClient: { name: 'passkey-options-client', max: 60, windowSeconds: 10 * 60 },
  resetMailPerAddress: { name: 'reset-address', max: 3, windowSeconds: 60 * 60 },
  resetMailPerClient: { name: 'reset-client', max: 10, windowSeconds: 60 * 60 },
  verificationMailPerUser: { name: 'verify-user', max: 3, windowSeconds: 60 * 60 },
  verificationMailPerClient: { name: 'verify-client', max: 10, windowSeconds: 60 * 60 },
  signInMailPerAddress: { name: 'sign-in-address', max: 3, windowSeconds: 60 * 60 },
  signInMailPerClient: { name: 'sign-in-client', max: 10, windowSeconds: 60 * 60 },
  /** Address changes a member asks for (each mails the new address and the old one). */
  emailChangePerUser: { name: 'email-change-user', max: 3, windowSeconds: 60 * 60 },
  /** Addresses a member shares an album with for the first time (each gets an invitation mail). */
  newInviteesPerMember: { name: 'invitee-member', max: 20, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, Limit>;

function window(limit: Limit, now = Date.now()) {
  const ms = limit.windowSeconds * 1000;
  const start = Math.floor(now / ms) * ms;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + ms - now) / 1000)) };
}

const tooMany = (retryAfterSeconds: number, message = 'Too many attempts; please try again later') =>
  new AppError('rate_limited', message, { retryAfterSeconds });

/** The database, or a transaction whose rollback takes the count back with the change it counted. */
type Counter = Db | Prisma.TransactionClient;

/** How often the subject has used the limit in this window; counts nothing. */
export async function usesSoFar(db: Db, limit: Limit, subject: string): Promise<number> {
  const row = await db.rateLimit.findUnique({
    where: {
      key_windowStart: { key: `${limit.name}:${subject.toLowerCase()}`, windowStart: window(limit).start },
    },
  });
  return row?.count ?? 0;
}

/** 429 if the subject has already used up the limit in this window; counts nothing. */
export async function checkLimit(db: Db, limit: Limit, subject: string): Promise<void> {
  if ((await usesSoFar(db, limit, subject)) >= limit.max) throw tooMany(window(limit).retryAfterSeconds);
}

/**
 * Counts one use; 429 (with `message`, if given) when it goes over the limit. The count stays, unless it was made
 * in a transaction that the 429 rolls back.
 */
export async function consumeLimit(
  db: Counter,
  limit: Limit,
  subject: string,
  message?: string,
): Promise<void> {
  const count = await countUse(db, limit, subject);
  if (count > limit.max) throw tooMany(window(limit).retryAfterSeconds, message);
}

/** Counts one use and answers the count in this window, refusing nothing. */
export async function countUse(db: Counter, limit: Limit, subject: string): Promise<number> {
  const { start } = window(limit);
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const [row] = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimit" ("key", "windowStart", "count") VALUES (${key}, ${start}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimit"."count" + 1
    RETURNING "count"`;
  if (Math.random() < 0.01)
    await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(Date.now() - 864e5) } } });
  return Number(row?.count);
}
