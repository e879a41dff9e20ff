import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { enqueue } from '../../jobs/queue.ts';
import { assertStrongPassword } from '../account/password-policy.ts';
import { endOtherSessions } from './end-sessions.ts';
import { proveOwner, type Caller } from './proof.ts';

/**
 * Changes the caller's password, or sets a first one (`proveOwner` says what proof each needs), ends every other
 * session and outstanding reset link, and tells the address. The session that made the change stays.
 */
export async function changePassword(
  deps: Pick<AppDeps, 'db' | 'passwords' | 'config'>,
  caller: Caller,
  input: { currentPassword?: string | undefined; newPassword: string },
): Promise<void> {
  assertStrongPassword(input.newPassword);
  const { email, passwordHash: before } = await proveOwner(deps, caller, {
    currentPassword: input.currentPassword,
  });
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.db.$transaction(async (tx) => {
    // Conditional: a reset or another change that landed meanwhile wins over this one.
    const { count } = await tx.user.updateMany({
      where: { id: caller.userId, passwordHash: before },
      data: { passwordHash },
    });
    if (count === 0) throw new AppError('conflict', 'Your password was changed meanwhile; please try again');
    await tx.emailToken.updateMany({
      where: { userId: caller.userId, purpose: 'PASSWORD_RESET', usedAt: null },
      data: { usedAt: new Date() },
    });
    await endOtherSessions(tx, caller.userId, caller.sessionRowId);
    await enqueue(tx, 'account-notice', {
      to: email,
      subject: before === null ? 'Your password was set' : 'Your password was changed',
      lines: [
        before === null
          ? 'A password was just chosen for your account, so you can now also sign in with it.'
          : 'The password of your account was just changed.',
        'Every other browser signed in to your account was signed out.',
        'If this was not you, ask for a reset link with "Forgot your password?" on the log-in page at once: it ' +
          'signs everyone else out.',
      ],
    });
  });
}
