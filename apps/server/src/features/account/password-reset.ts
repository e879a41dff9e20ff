import { issueToken, redeemToken } from '../../auth/tokens.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { enqueue } from '../../jobs/queue.ts';
import { linkMail } from '../../mail/templates.ts';
import { normalizeEmail } from '../../mail/address.ts';
import { assertStrongPassword } from './password-policy.ts';

/**
 * Queues a reset for the address. The caller learns nothing of whether it has an account: the request does the
 * same work either way (two limit counts and one job, no lookup), so the answer, the limits and the time taken
 * are the same; the job makes the link only if the account exists.
 */
export async function startPasswordReset(deps: AppDeps, emailAddress: string, client: string): Promise<void> {
  const email = normalizeEmail(emailAddress);
  await consumeLimit(deps.db, limits.resetMailPerClient, client);
  await consumeLimit(deps.db, limits.resetMailPerAddress, email);
  await enqueue(deps.db, 'password-reset', { email });
}

/** The password-reset job: mails a single-use link if the address has an account, and does nothing otherwise. */
export async function sendResetMail(deps: JobDeps, { email }: { email: string }): Promise<void> {
  const user = await deps.db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  const resetId = await issueToken(deps.db, 'PASSWORD_RESET', user.id);
  await deps.mailer.send(
    linkMail(
      email,
      'Reset your password',
      [
        'Someone (hopefully you) asked to reset the password of your account.',
        'The link works once, within one hour. If it was not you, ignore this e-mail: your password stays as it is.',
      ],
      { label: 'Choose a new password', url: `${deps.config.publicUrl}/reset-password/${resetId}` },
    ),
  );
}

/**
 * Sets a new password from a reset link, and ends every session and every other outstanding reset link of the
 * account (whoever knew the old password, or held an older link, is shut out). Following the link also proves
 * the address, so it counts as verified.
 */
export async function completePasswordReset(
  { db, passwords }: AppDeps,
  input: { emailAddress: string; password: string; passwordResetId: string },
): Promise<void> {
  assertStrongPassword(input.password);
  const user = await db.user.findUnique({ where: { email: normalizeEmail(input.emailAddress) } });
  const invalid = new AppError('invalid_token', 'This reset link is invalid, has been used, or has expired');
  if (!user) throw invalid;
  const passwordHash = await passwords.hash(input.password);
  await db.$transaction(async (tx) => {
    if (!(await redeemToken(tx, 'PASSWORD_RESET', input.passwordResetId, user.id))) throw invalid;
    await tx.emailToken.updateMany({
      where: { userId: user.id, purpose: 'PASSWORD_RESET', usedAt: null },
      data: { usedAt: new Date() },
    });
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
    });
    await tx.userSession.deleteMany({ where: { OR: [{ userId: user.id }, { adminId: user.id }] } });
  });
}
