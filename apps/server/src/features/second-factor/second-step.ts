import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { checkLimit, consumeLimit, countUse, limits } from '../../http/rate-limit.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { useTotpCode } from './totp.ts';

/**
 * Checks the second factor of a log in waiting for it: a six-digit code from the app (once per time step), or
 * a recovery code (once ever). Wrong codes count per account and per client; past 5 within 15 minutes either
 * gets 429 before any code is checked. 403 for a wrong or used code.
 */
export async function checkSecondFactorCode(
  { db, config }: Pick<AppDeps, 'db' | 'config'>,
  who: { userId: string; client: string },
  code: string,
): Promise<void> {
  await checkLimit(db, limits.wrongSecondFactorPerAccount, who.userId);
  await checkLimit(db, limits.wrongSecondFactorPerClient, who.client);
  const typed = code.replace(/\s/g, '');
  const right = await db.$transaction((tx) =>
    /^\d{6}$/.test(typed)
      ? useTotpCode(tx, config.encryptionKey, who.userId, typed)
      : useRecoveryCode(tx, who.userId, code),
  );
  if (right) return;
  await countUse(db, limits.wrongSecondFactorPerAccount, who.userId);
  await consumeLimit(db, limits.wrongSecondFactorPerClient, who.client);
  throw new AppError('forbidden', 'That code is not right, or was used already');
}
