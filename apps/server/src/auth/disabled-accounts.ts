import type { Db } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

type Account = { id: string } | { email: string };

/** The refusal every way of signing in gives a disabled account, once its first factor was right. */
export const accountDisabled = () =>
  new AppError(
    'account_disabled',
    'This account has been disabled by an admin of this site. Please ask them to enable it again.',
  );

/** Whether an admin has disabled the account `where` names; false when there is none. */
export async function isDisabled(db: Pick<Db, 'user'>, where: Account): Promise<boolean> {
  const user = await db.user.findUnique({ where, select: { disabledAt: true } });
  return Boolean(user?.disabledAt);
}

/**
 * 403 account_disabled when the account `where` names is disabled; nothing when it is enabled or does not exist
 * (whoever signs in decides what a missing account means). Callers check after the first factor, so a refusal
 * never tells a stranger that an address has an account.
 */
export async function refuseDisabled(db: Pick<Db, 'user'>, where: Account): Promise<void> {
  if (await isDisabled(db, where)) throw accountDisabled();
}
