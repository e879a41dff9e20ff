import type { JobDeps } from '../../jobs/deps.ts';
import type { AccountNotice } from '../../jobs/kinds.ts';
import { linkMail } from '../../mail/templates.ts';

/**
 * The account-notice job: tells an address of a change to its account (password, address). Sent whatever the
 * notification settings, since it is how an owner learns that someone else has their session or password.
 */
export async function sendAccountNotice({ mailer, config }: JobDeps, notice: AccountNotice): Promise<void> {
  await mailer.send(
    linkMail(notice.to, notice.subject, notice.lines, {
      label: notice.action?.label ?? 'Review your sessions',
      url: `${config.publicUrl}${notice.action?.path ?? '/profile'}`,
    }),
  );
}
