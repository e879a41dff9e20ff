import type { AppDeps } from '../deps.ts';
import { normalizeEmail } from '../features/account/email.ts';
import { linkMail } from '../mail/templates.ts';
import type { NotificationType } from './types.ts';

export interface Notice {
  type: NotificationType;
  /** Recipient address; it may have no account yet (an album shared with a new address). */
  to: string;
  subject: string;
  lines: string[];
  /** Path on the site the notice points to, e.g. /albums/<id>. */
  path: string;
  actionLabel: string;
}

/**
 * Mails a notice unless the recipient has turned its type off. A failure to send is logged, never thrown: a
 * notice must not undo the action that caused it.
 */
export async function notify({ db, mailer, logger, config }: AppDeps, notice: Notice): Promise<boolean> {
  const email = normalizeEmail(notice.to);
  const muted = await db.disabledNotification.findFirst({ where: { type: notice.type, user: { email } } });
  if (muted) return false;
  try {
    await mailer.send(
      linkMail(email, notice.subject, notice.lines, {
        label: notice.actionLabel,
        url: `${config.publicUrl}${notice.path}`,
      }),
    );
    return true;
  } catch (err) {
    logger.error({ err, type: notice.type }, 'notification mail failed');
    return false;
  }
}
