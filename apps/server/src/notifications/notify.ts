import type { JobDeps } from '../jobs/deps.ts';
import type { Notice } from '../jobs/kinds.ts';
import { enqueue, type JobWriter } from '../jobs/queue.ts';
import { normalizeEmail } from '../mail/address.ts';
import { linkMail } from '../mail/templates.ts';

/**
 * Queues a notice; pass the transaction of the change it tells of, so the notice is sent if and only if the change
 * commits. Sending happens later (deliverNotice), so a failing mail server never undoes or delays the change.
 */
export async function notify(tx: JobWriter, notice: Notice): Promise<void> {
  await enqueue(tx, 'notice', { ...notice, to: normalizeEmail(notice.to) });
}

/** The notice job: mails it unless the recipient has turned its type off. A failed send throws, to be retried. */
export async function deliverNotice({ db, mailer, config }: JobDeps, notice: Notice): Promise<void> {
  const muted = await db.disabledNotification.findFirst({
    where: { type: notice.type, user: { email: notice.to } },
  });
  if (muted) return;
  await mailer.send(
    linkMail(notice.to, notice.subject, notice.lines, {
      label: notice.actionLabel,
      url: `${config.publicUrl}${notice.path}`,
    }),
  );
}
