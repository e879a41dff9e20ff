import type { ShareMail } from '../features/albums/share-mail.ts';
import type { DigestKey } from '../notifications/digest-queue.ts';
import type { Notice } from '../notifications/notify.ts';
import type { MultipartRef } from '../storage/blob-store.ts';

/**
 * Every kind of job and the payload it carries. Payloads are JSON and hold no secrets: a mail that carries a
 * link makes its token when it runs, so the token never rests in the queue.
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
  /** Mails the recipient's tally of what happened in an album, if still due (notifications/digest-queue.ts). */
  'notice-digest': DigestKey;
  /** Mails the holder of an address an album was shared with an invitation that signs them in and opens it. */
  'album-shared': ShareMail;
  /** Removes blobs whose rows are gone, and the parts of multipart uploads that will never be joined. */
  'delete-blobs': { keys: string[]; multipart?: MultipartRef[] };
}

export type JobKind = keyof JobPayloads;
