import type { UserRecord } from '../../auth/current-user.ts';
import { issueToken, redeemToken } from '../../auth/tokens.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import { linkMail } from '../../mail/templates.ts';

/** Mails the user a link that proves they own their address. */
export async function sendVerificationEmail(deps: AppDeps, user: UserRecord, client: string): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError('conflict', 'This e-mail address is already verified');
  await consumeLimit(deps.db, limits.verificationMailPerUser, user.id);
  await consumeLimit(deps.db, limits.verificationMailPerClient, client);
  const token = await issueToken(deps.db, 'VERIFY_EMAIL', user.id);
  await deps.mailer.send(
    linkMail(
      user.email,
      'Verify your e-mail address',
      ['Please confirm that this is your e-mail address.', 'The link works once, within 24 hours.'],
      { label: 'Verify e-mail address', url: `${deps.config.publicUrl}/verify-email/${token}` },
    ),
  );
}

/** Redeems a verification link; 400 invalid_token when it is unknown, used or expired. */
export async function verifyEmail({ db }: AppDeps, token: string): Promise<void> {
  const userId = await redeemToken(db, 'VERIFY_EMAIL', token);
  if (!userId)
    throw new AppError('invalid_token', 'This verification link is invalid, has been used, or has expired');
  await db.user.updateMany({
    where: { id: userId, emailVerifiedAt: null },
    data: { emailVerifiedAt: new Date() },
  });
}
