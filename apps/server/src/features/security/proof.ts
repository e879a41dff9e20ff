import { attemptPassword } from '../../auth/password-attempts.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthenticationResponse } from '@site/contract';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { verifyPasskeyProof } from '../second-factor/passkey-proof.ts';

/** How long a session begun by a link from the mailbox may act without a password (choose one, move the address). */
export const mailboxProofMs = 15 * 60 * 1000;

/** The session a request acts in, by its row's id (`rowId` of the cookie's session id). */
export interface Caller {
  userId: string;
  sessionRowId: string;
  client: string;
}

/** Until when the session may act without a password, or null: it did not begin by a mailbox link lately. */
export async function mailboxProofUntil(db: AppDeps['db'], sessionRowId: string): Promise<Date | null> {
  const session = await db.userSession.findUnique({
    where: { id: sessionRowId },
    select: { mailboxProven: true, createdAt: true },
  });
  if (!session?.mailboxProven) return null;
  const until = new Date(session.createdAt.getTime() + mailboxProofMs);
  return until > new Date() ? until : null;
}

/** What the person at the keyboard offers as proof: the current password, or a passkey's answer. */
export interface Proof {
  currentPassword?: string;
  /** The answer to `passkeyProofOptions`, asked in this same session. */
  passkey?: z.infer<typeof AuthenticationResponse>;
}

/**
 * Proves that the person at the keyboard owns the account, before a change that could shut its owner out: one of
 * their passkeys answering a challenge handed to this session (403 when it does not check); else the current
 * password, checked like a log in (403 when wrong, 429 past the limits); for an account without one, a session
 * begun by a link from the mailbox within `mailboxProofMs`. A stolen session alone proves none of these.
 * Answers the account's address and password hash, for the change to be made conditional on them.
 */
export async function proveOwner(
  deps: Pick<AppDeps, 'db' | 'passwords' | 'config'>,
  caller: Caller,
  { currentPassword, passkey }: Proof,
): Promise<{ email: string; passwordHash: string | null }> {
  const { db, passwords } = deps;
  const user = await db.user.findUniqueOrThrow({
    where: { id: caller.userId },
    select: { email: true, passwordHash: true },
  });
  if (passkey) {
    await verifyPasskeyProof(deps, caller, passkey);
    return user;
  }
  const { passwordHash } = user;
  if (passwordHash === null) {
    if (!(await mailboxProofUntil(db, caller.sessionRowId))) {
      throw new AppError(
        'forbidden',
        'For your safety, confirm with a passkey, or first open a sign-in link we e-mail you; then you have 15' +
          ' minutes for this change',
      );
    }
    return user;
  }
  if (currentPassword === undefined) {
    throw new AppError('bad_request', 'Enter your current password', {
      issues: [{ path: ['body', 'currentPassword'], message: 'Enter your current password' }],
    });
  }
  const right = await attemptPassword(db, { email: user.email, client: caller.client }, () =>
    passwords.verify(currentPassword, passwordHash),
  );
  if (!right) throw new AppError('forbidden', 'Your current password is not right');
  return user;
}
