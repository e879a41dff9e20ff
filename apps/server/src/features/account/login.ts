import type { AppDeps } from '../../deps.ts';
import { checkLimit, consumeLimit, limits } from '../../http/rate-limit.ts';
import { normalizeEmail } from '../../mail/address.ts';

/**
 * The id of the account these credentials open, or null. Failed attempts are limited per account and per
 * client (429 once used up), so passwords cannot be guessed at speed.
 */
export async function checkCredentials(
  { db, passwords }: Pick<AppDeps, 'db' | 'passwords'>,
  input: { emailAddress: string; password: string },
  client: string,
): Promise<string | null> {
  const email = normalizeEmail(input.emailAddress);
  await checkLimit(db, limits.failedLoginPerAccount, email);
  await checkLimit(db, limits.failedLoginPerClient, client);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
  if (await passwords.verify(input.password, user?.passwordHash)) return user!.id;
  await consumeLimit(db, limits.failedLoginPerAccount, email);
  await consumeLimit(db, limits.failedLoginPerClient, client);
  return null;
}
