import { refuseDisabled } from '../../auth/disabled-accounts.ts';
import { accountOfMailbox, issueSignInLink, redeemSignInLink } from '../../auth/sign-in-links.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { enqueue } from '../../jobs/queue.ts';
import { normalizeEmail } from '../../mail/address.ts';
import { linkMail } from '../../mail/templates.ts';

/**
 * Queues a sign-in link for an address. The answer and its timing are the same whether the address has an account
 * or not (the job decides, as it sends); limited per address and per client.
 */
export async function requestSignInLink(deps: AppDeps, emailAddress: string, client: string): Promise<void> {
  const email = normalizeEmail(emailAddress);
  await consumeLimit(deps.db, limits.signInMailPerClient, client);
  await consumeLimit(deps.db, limits.signInMailPerAddress, email);
  await enqueue(deps.db, 'sign-in-mail', { email });
}

/**
 * The sign-in-mail job: a link that works once within the hour, only to an address that has an account, enabled.
 */
export async function sendSignInMail({ db, mailer, config }: JobDeps, { email }: { email: string }) {
  const account = await db.user.findUnique({ where: { email }, select: { disabledAt: true } });
  if (!account || account.disabledAt) return;
  const token = await issueSignInLink(db, { purpose: 'SIGN_IN', email });
  await mailer.send(
    linkMail(
      email,
      'Your sign-in link',
      [
        'Someone (hopefully you) asked for a link to sign in to your account.',
        'It works once, within one hour. If it was not you, ignore this e-mail.',
      ],
      { label: 'Sign in', url: `${config.publicUrl}/sign-in/${token}` },
    ),
  );
}

/**
 * Follows an invitation or sign-in link: the account of its address (made, or handed to the mailbox's reader, by
 * `accountOfMailbox`) and the album to open. 400 invalid_token when the link does not work (any more).
 */
export async function followSignInLink(
  { db }: Pick<AppDeps, 'db'>,
  token: string,
): Promise<{ userId: string; albumId: string | null }> {
  return db.$transaction(async (tx) => {
    const link = await redeemSignInLink(tx, token);
    if (!link) {
      throw new AppError('invalid_token', 'This link is invalid, has been used, or has expired');
    }
    // Refused before the account is made or handed to the mailbox's reader: the rollback keeps the link as it was.
    await refuseDisabled(tx, { email: link.email });
    return { userId: await accountOfMailbox(tx, link.email), albumId: link.albumId };
  });
}
