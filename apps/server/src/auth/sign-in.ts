import type { Request, Response } from 'express';
import type { SecondFactorNeeded } from '@site/contract';
import type { AppDeps } from '../deps.ts';
import { refuseDisabled } from './disabled-accounts.ts';
import { beginPendingSignIn } from './pending-sign-in.ts';
import { hasSecondFactor } from './second-factors.ts';
import { startSession } from './session.ts';

/**
 * Signs in after a first factor: a password, or a link that proves the mailbox (it proves nothing more, so a
 * member who turned on a second factor is asked for it after a link too). Without a second factor the session
 * starts now and the answer is null; with one, nothing is signed in yet and the answer says what to ask for. A
 * disabled account gets 403 account_disabled.
 */
export async function signInAfterFirstFactor(
  deps: Pick<AppDeps, 'db' | 'config'>,
  req: Request,
  res: Response,
  first: { userId: string; mailboxProven?: boolean; albumId?: string | null },
): Promise<SecondFactorNeeded | null> {
  const { userId, mailboxProven = false, albumId = null } = first;
  await refuseDisabled(deps.db, { id: userId });
  if (await hasSecondFactor(deps.db, userId)) {
    return beginPendingSignIn(deps, res, { userId, mailboxProven, albumId });
  }
  await startSession(req, { userId }, { mailboxProven });
  return null;
}
