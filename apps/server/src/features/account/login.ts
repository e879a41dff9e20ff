import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../deps.ts';
import { checkLimit, consumeLimit, countUse, limits, usesSoFar } from '../../http/rate-limit.ts';
import { normalizeEmail } from '../../mail/address.ts';

/** The longest an account's failures delay a log in; never a refusal, so nobody can lock someone else out. */
const maxDelayMs = 4000;

/** The delay before checking a password for an account that failed `failures` times in this window. */
export function loginDelayMs(failures: number): number {
  const over = failures - limits.failedLoginPerAccount.max;
  return over < 0 ? 0 : Math.min(maxDelayMs, 250 * 2 ** over);
}

/**
 * The id of the account these credentials open, or null. A client that failed too often gets 429; an account
 * that many clients failed on is only slowed down, so the right password from a well-behaved client still opens
 * it while guessing at speed does not pay.
 */
export async function checkCredentials(
  { db, passwords }: Pick<AppDeps, 'db' | 'passwords'>,
  input: { emailAddress: string; password: string },
  client: string,
): Promise<string | null> {
  const email = normalizeEmail(input.emailAddress);
  await checkLimit(db, limits.failedLoginPerClient, client);
  const delay = loginDelayMs(await usesSoFar(db, limits.failedLoginPerAccount, email));
  if (delay > 0) await sleep(delay);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  // An account without a password yet (made by an invitation) is compared against the decoy, and never opens.
  if (user?.passwordHash && (await passwords.verify(input.password, user.passwordHash))) {
    if (passwords.isOutdated(user.passwordHash)) {
      // Conditional, so a reset that lands meanwhile is not overwritten with the old password.
      await db.user.updateMany({
        where: { id: user.id, passwordHash: user.passwordHash },
        data: { passwordHash: await passwords.hash(input.password) },
      });
    }
    return user.id;
  }
  // An unknown address costs as long as a wrong password.
  if (!user?.passwordHash) await passwords.verify(input.password, undefined);
  await countUse(db, limits.failedLoginPerAccount, email);
  await consumeLimit(db, limits.failedLoginPerClient, client);
  return null;
}
