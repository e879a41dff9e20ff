import { issueToken } from '../../auth/tokens.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { ShareMail } from '../../jobs/kinds.ts';
import { linkMail } from '../../mail/templates.ts';
import { nameOf, oneLine } from './mail-text.ts';

/** Where an invitation leads: Create account with the address filled in and the album to open afterwards. */
export const invitationPath = (to: string, albumId: string) =>
  `/create-account?${new URLSearchParams({ email: to, album: albumId }).toString()}`;

/**
 * Mails the holder of an address an album was shared with, in the words their account calls for, chosen as it
 * sends (an account made or verified meanwhile gets the right mail): a verified member gets the album's link
 * (unless they turned album_shared off), an unverified one a verification link that leads on to the album, and
 * an address without an account an invitation to create one. Nothing is sent once the album or the share is gone.
 */
export async function sendShareMail({ db, mailer, config }: JobDeps, job: ShareMail): Promise<void> {
  const share = await db.albumShare.findUnique({
    where: { albumId_email: { albumId: job.albumId, email: job.to } },
    select: { album: { select: { name: true } } },
  });
  if (!share) return;
  const user = await db.user.findUnique({
    where: { email: job.to },
    select: { id: true, emailVerifiedAt: true, disabledNotifications: { where: { type: 'album_shared' } } },
  });
  if (user && user.disabledNotifications.length > 0) return;

  const sharer = nameOf(job.sharer);
  const told = `${sharer} (${job.sharer.email}) shared the photo album "${oneLine(share.album.name)}" with you.`;
  const link = (path: string) => `${config.publicUrl}${path}`;
  const subject = `${sharer} shared a photo album with you`;
  if (!user) {
    await mailer.send(
      linkMail(
        job.to,
        subject,
        [told, 'Create an account with this e-mail address to see it; it takes a minute.'],
        { label: 'Create your account', url: link(invitationPath(job.to, job.albumId)) },
      ),
    );
  } else if (!user.emailVerifiedAt) {
    const token = await issueToken(db, 'VERIFY_EMAIL', user.id);
    await mailer.send(
      linkMail(
        job.to,
        subject,
        [told, 'Verify your e-mail address to see it. The link works once, within 24 hours.'],
        { label: 'Verify and open the album', url: link(`/verify-email/${token}?album=${job.albumId}`) },
      ),
    );
  } else {
    await mailer.send(
      linkMail(job.to, subject, [told], {
        label: 'Open the photo album',
        url: link(`/albums/${job.albumId}`),
      }),
    );
  }
}
