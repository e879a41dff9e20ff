import { issueSignInLink } from '../../auth/sign-in-links.ts';
import type { JobDeps } from '../../jobs/deps.ts';
import type { ShareMail } from '../../jobs/kinds.ts';
import { linkMail } from '../../mail/templates.ts';
import { nameOf, oneLine } from './mail-text.ts';

/** Where an invitation's link leads: the page that signs its reader in and opens the album. */
const invitationPath = (token: string) => `/invitation/${token}`;

/** At most one invitation per album and address in this long, however often it is unshared and shared again. */
export const invitationIntervalMs = 24 * 60 * 60 * 1000;

/**
 * Mails the holder of an address an album was shared with an invitation: a link that signs its reader in (making
 * the account, already verified, on first use) and opens the album, with no password and no second e-mail. The
 * words depend on whether the address has an account, chosen as the mail is sent. Nothing is sent once the album
 * or the share is gone, to a member who turned album_shared off, or when this album already invited this address
 * within the day.
 */
export async function sendShareMail({ db, mailer, config }: JobDeps, job: ShareMail): Promise<void> {
  const share = await db.albumShare.findUnique({
    where: { albumId_email: { albumId: job.albumId, email: job.to } },
    select: { album: { select: { name: true, trashedAt: true } } },
  });
  if (!share || share.album.trashedAt) return;
  const user = await db.user.findUnique({
    where: { email: job.to },
    select: { id: true, disabledNotifications: { where: { type: 'album_shared' } } },
  });
  if (user && user.disabledNotifications.length > 0) return;
  // Invitations issued before this share, not by an earlier attempt of this job (whose mail may have failed).
  const sharedAt = job.sharedAt ? new Date(job.sharedAt) : new Date();
  const recent = await db.signInLink.count({
    where: {
      purpose: 'INVITATION',
      albumId: job.albumId,
      email: job.to,
      createdAt: { gt: new Date(sharedAt.getTime() - invitationIntervalMs), lt: sharedAt },
    },
  });
  if (recent > 0) return;

  const sharer = nameOf(job.sharer);
  const told = `${sharer} (${job.sharer.email}) shared the photo album "${oneLine(share.album.name)}" with you.`;
  const token = await issueSignInLink(db, { purpose: 'INVITATION', email: job.to, albumId: job.albumId });
  await mailer.send(
    linkMail(
      job.to,
      `${sharer} shared a photo album with you`,
      [
        told,
        user
          ? 'The link opens it and signs you in; it works for 14 days.'
          : 'The link opens it; no password needed. It works for 14 days and signs you in as this address.',
      ],
      { label: 'Open the photo album', url: `${config.publicUrl}${invitationPath(token)}` },
    ),
  );
}
