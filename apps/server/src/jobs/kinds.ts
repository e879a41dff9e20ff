import type { NotificationType } from '../notifications/types.ts';
import type { MultipartRef } from '../storage/blob-store.ts';

/** The 'notice' job: a notice mailed unless its recipient has turned its type off. */
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

/** The 'account-notice' job: a change to an account told to its address, whatever the notification settings. */
export interface AccountNotice {
  to: string;
  subject: string;
  lines: string[];
  /** The button the mail ends with (a path on the site); without it, the profile's sessions. */
  action?: { label: string; path: string };
}

/** Whose digest of which album and kind of notice: one pending mail per key. */
export interface DigestKey {
  recipientId: string;
  albumId: string;
  type: NotificationType;
}

/** The 'album-shared' job: one address an album was shared with, and who shared it. */
export interface ShareMail {
  albumId: string;
  /** Normalized, as AlbumShare stores it. */
  to: string;
  sharer: { displayName: string; email: string };
  /** When it was shared (ISO); absent in jobs queued before invitations were limited. */
  sharedAt?: string;
}

/**
 * Every kind of job and the payload it carries. Payloads are JSON and hold no secrets: a mail that carries a
 * link makes its token when it runs, so the token never rests in the queue. The payload types live here, below
 * the features that enqueue and run them, so the queue imports no feature.
 */
export interface JobPayloads {
  /** Mails a verification link to the user, unless they have verified meanwhile. */
  'verification-mail': { userId: string };
  /** Mails a reset link to the (normalized) address if it has an account; nothing otherwise. */
  'password-reset': { email: string };
  /** Mails a sign-in link to the (normalized) address if it has an account; nothing otherwise. */
  'sign-in-mail': { email: string };
  /** Mails a notice unless its recipient has turned its type off. */
  notice: Notice;
  /** Mails a change to the account (password set or changed, address changing) to its address. */
  'account-notice': AccountNotice;
  /** Mails the link that moves the account to `newEmail`, or tells that mailbox it already has an account. */
  'email-change-mail': { userId: string; newEmail: string };
  /** Mails the recipient's tally of what happened in an album, if still due (notifications/digest-queue.ts). */
  'notice-digest': DigestKey;
  /** Mails the holder of an address an album was shared with an invitation that signs them in and opens it. */
  'album-shared': ShareMail;
  /** Builds the member's data export zip, unless it was cancelled or is built already (features/leaving). */
  'data-export': { userId: string };
  /** Deletes the member's data export `blobKey` once it has expired, unless it was replaced meanwhile. */
  'expire-export': { userId: string; blobKey: string };
  /** Removes blobs whose rows are gone, and the parts of multipart uploads that will never be joined. */
  'delete-blobs': { keys: string[]; multipart?: MultipartRef[] };
  /**
   * Strips the metadata from the JPEGs of the photos after image id `after` (all, when absent), a batch at a
   * time, each batch queueing the next: photos stored before the server cleaned them kept their EXIF and GPS.
   */
  'strip-photo-metadata': { after?: string };
}

export type JobKind = keyof JobPayloads;
