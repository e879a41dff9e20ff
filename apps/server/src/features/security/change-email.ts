import { issueToken } from '../../auth/tokens.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { consumeLimit, limits } from '../../http/rate-limit.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import { enqueue } from '../../jobs/queue.ts';
import { normalizeEmail } from '../../mail/address.ts';
import { linkMail } from '../../mail/templates.ts';
import { proveOwner, type Caller } from './proof.ts';

/**
 * Starts moving the caller's account to a new address: with the owner proven (`proveOwner`), queues the link to
 * the new address and a notice to the current one. Whether the new address has an account is not looked at here:
 * the answer, the limits and the mails to the caller's own address are the same either way; the job decides.
 */
export async function requestEmailChange(
  deps: Pick<AppDeps, 'db' | 'passwords' | 'config'>,
  caller: Caller,
  input: { emailAddress: string; currentPassword?: string | undefined },
): Promise<void> {
  const newEmail = normalizeEmail(input.emailAddress);
  const { email } = await proveOwner(deps, caller, { currentPassword: input.currentPassword });
  if (newEmail === email) {
    throw new AppError('bad_request', 'This is already your address', {
      issues: [{ path: ['body', 'emailAddress'], message: 'This is already your address' }],
    });
  }
  await consumeLimit(deps.db, limits.emailChangePerUser, caller.userId);
  await deps.db.$transaction(async (tx) => {
    await enqueue(tx, 'email-change-mail', { userId: caller.userId, newEmail });
    await enqueue(tx, 'account-notice', {
      to: email,
      subject: 'Your e-mail address is changing',
      lines: [
        `Someone signed in to your account asked to change its e-mail address to ${newEmail}.`,
        'The change happens only when the link we sent to that address is opened; from then on, mail for your ' +
          'account, and albums shared with this address, go there. This e-mail has no link to undo it.',
        'If this was not you, change your password and sign out your other sessions now.',
      ],
    });
  });
}

/**
 * The email-change-mail job: a single-use link to the new address that makes the change, valid a day (older
 * links of the account stop working). When the address already belongs to an account, its mailbox is told so
 * instead, and the account asking learns nothing.
 */
export async function sendEmailChangeMail(
  deps: JobDeps,
  { userId, newEmail }: { userId: string; newEmail: string },
): Promise<void> {
  const { db, mailer, config } = deps;
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) return;
  if (await db.user.findUnique({ where: { email: newEmail }, select: { id: true } })) {
    await mailer.send(
      linkMail(
        newEmail,
        'Someone tried to use your address',
        [
          'Someone asked to move another account to this e-mail address, but it already belongs to your account.',
          'Nothing changed; you need not do anything.',
        ],
        { label: 'Open the site', url: `${config.publicUrl}/` },
      ),
    );
    return;
  }
  await db.emailToken.updateMany({
    where: { userId, purpose: 'CHANGE_EMAIL', usedAt: null },
    data: { usedAt: new Date() },
  });
  const token = await issueToken(db, 'CHANGE_EMAIL', userId, newEmail);
  await mailer.send(
    linkMail(
      newEmail,
      'Confirm your new e-mail address',
      [
        'Please confirm that this is the new e-mail address of your account.',
        'Your account moves to it when you open the link. It works once, within 24 hours.',
      ],
      { label: 'Confirm new address', url: `${config.publicUrl}/email-change/${token}` },
    ),
  );
}
