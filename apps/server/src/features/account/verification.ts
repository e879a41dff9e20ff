import type { UserRecord } from '../../auth/user-record.ts';
import { accountOfMailbox } from '../../auth/sign-in-links.ts';
import { issueToken, redeemToken } from '../../auth/tokens.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { enqueue } from '../../jobs/queue.ts';
import { linkMail } from '../../mail/templates.ts';

/**
 * Queues a mail with a link that proves the user owns their address. The request never waits on the mail server,
 * so a mail server that is down or slow changes nothing here, and a failed send cannot count against the limits.
 */
export async function sendVerificationEmail(deps: AppDeps, user: UserRecord, client: string): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError('conflict', 'This e-mail address is already verified');
  await consumeLimit(deps.db, limits.verificationMailPerUser, user.id);
  await consumeLimit(deps.db, limits.verificationMailPerClient, client);
  await enqueue(deps.db, 'verification-mail', { userId: user.id });
}

/**
 * The album a verification link leads on to: the newest one shared with the address, so someone invited to an
 * album lands on it once verified, whichever way they signed up. Null when nothing is shared with it.
 */
async function albumToOpen(deps: JobDeps, email: string): Promise<string | null> {
  const share = await deps.db.albumShare.findFirst({
    where: { email },
    orderBy: [{ createdAt: 'desc' }, { albumId: 'asc' }],
    select: { albumId: true },
  });
  return share?.albumId ?? null;
}

/** The verification-mail job: makes the token as it sends, so a token never waits in the queue. */
export async function sendVerificationMail(deps: JobDeps, { userId }: { userId: string }): Promise<void> {
  const user = await deps.db.user.findUnique({ where: { id: userId } });
  if (!user || user.emailVerifiedAt) return;
  const token = await issueToken(deps.db, 'VERIFY_EMAIL', user.id);
  const album = await albumToOpen(deps, user.email);
  await deps.mailer.send(
    linkMail(
      user.email,
      'Verify your e-mail address',
      ['Please confirm that this is your e-mail address.', 'The link works once, within 24 hours.'],
      {
        label: 'Verify e-mail address',
        url: `${deps.config.publicUrl}/verify-email/${token}${album ? `?album=${album}` : ''}`,
      },
    ),
  );
}

/**
 * Redeems a verification link; 400 invalid_token when it is unknown, used or expired. Followed in the account's own
 * session it verifies the address. Followed anywhere else it proves the mailbox, whose reader then owns the
 * account (`accountOfMailbox`: the password someone set without proving the address goes, with every session)
 * and is signed in (`signIn`).
 */
export async function verifyEmail(
  { db }: Pick<AppDeps, 'db'>,
  token: string,
  signedInAs: string | null,
): Promise<{ userId: string; signIn: boolean }> {
  return db.$transaction(async (tx) => {
    const userId = (await redeemToken(tx, 'VERIFY_EMAIL', token))?.userId;
    if (!userId)
      throw new AppError('invalid_token', 'This verification link is invalid, has been used, or has expired');
    if (userId === signedInAs) {
      await tx.user.updateMany({
        where: { id: userId, emailVerifiedAt: null },
        data: { emailVerifiedAt: new Date() },
      });
      return { userId, signIn: false };
    }
    const { email } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await accountOfMailbox(tx, email);
    return { userId, signIn: true };
  });
}
