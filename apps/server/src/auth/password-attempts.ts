import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/database.ts';
import { checkLimit, consumeLimit, countUse, limits, usesSoFar } from '../http/rate-limit.ts';

/** The longest an account's failures delay a password check; never a refusal, so nobody can lock someone out. */
const maxDelayMs = 4000;

/** The delay before checking a password for an account that failed `failures` times in this window. */
export function loginDelayMs(failures: number): number {
  const over = failures - limits.failedLoginPerAccount.max;
  return over < 0 ? 0 : Math.min(maxDelayMs, 250 * 2 ** over);
}

/**
 * Runs `check` (does this password open the account?) under the log-in limits, which every password check shares:
 * a client that failed too often gets 429; an account that many clients failed on is only slowed down, so the
 * right password from a well-behaved client still works while guessing at speed does not pay. A failure counts
 * against both. `email` names the account (normalized).
 */
export async function attemptPassword(
  db: Db,
  who: { email: string; client: string },
  check: () => Promise<boolean>,
): Promise<boolean> {
  await checkLimit(db, limits.failedLoginPerClient, who.client);
  const delay = loginDelayMs(await usesSoFar(db, limits.failedLoginPerAccount, who.email));
  if (delay > 0) await sleep(delay);
  if (await check()) return true;
  await countUse(db, limits.failedLoginPerAccount, who.email);
  await consumeLimit(db, limits.failedLoginPerClient, who.client);
  return false;
}
