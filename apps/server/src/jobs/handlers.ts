import { sendVerificationMail } from '../features/account/verification.ts';
import { sendResetMail } from '../features/account/password-reset.ts';
import { sendSignInMail } from '../features/account/sign-in-link.ts';
import { sendAlbumDigest } from '../features/albums/album-digest.ts';
import { sendShareMail } from '../features/albums/share-mail.ts';
import { stripOldPhotos } from '../features/albums/strip-old-photos.ts';
import { buildExport } from '../features/leaving/build-export.ts';
import { expireExport } from '../features/leaving/expire-export.ts';
import { sendAccountNotice } from '../features/security/account-notice.ts';
import { sendEmailChangeMail } from '../features/security/change-email.ts';
import { deliverNotice } from '../notifications/notify.ts';
import { deleteBlobs } from '../storage/delete-blobs.ts';
import type { JobDeps } from './deps.ts';
import type { JobKind, JobPayloads } from './kinds.ts';

export interface JobKindSpec<K extends JobKind> {
  /** Does the work; must be safe to run twice (a runner may die after the work, before deleting the job). */
  run(deps: JobDeps, payload: JobPayloads[K]): Promise<void>;
  /** After this long since the job was enqueued, a failure marks it DEAD instead of retrying. */
  giveUpAfterMs: number;
}

const hours = (n: number) => n * 60 * 60 * 1000;

/** The one map from kind to handler; kinds.ts gives each payload's type. */
export const jobKinds: { [K in JobKind]: JobKindSpec<K> } = {
  'verification-mail': { run: sendVerificationMail, giveUpAfterMs: hours(24) },
  'password-reset': { run: sendResetMail, giveUpAfterMs: hours(24) },
  'sign-in-mail': { run: sendSignInMail, giveUpAfterMs: hours(1) },
  'account-notice': { run: sendAccountNotice, giveUpAfterMs: hours(72) },
  'email-change-mail': { run: sendEmailChangeMail, giveUpAfterMs: hours(24) },
  notice: { run: deliverNotice, giveUpAfterMs: hours(72) },
  'notice-digest': { run: sendAlbumDigest, giveUpAfterMs: hours(72) },
  'album-shared': { run: sendShareMail, giveUpAfterMs: hours(72) },
  'data-export': { run: buildExport, giveUpAfterMs: hours(24) },
  'expire-export': { run: expireExport, giveUpAfterMs: hours(7 * 24) },
  'delete-blobs': { run: deleteBlobs, giveUpAfterMs: hours(7 * 24) },
  'strip-photo-metadata': { run: stripOldPhotos, giveUpAfterMs: hours(7 * 24) },
};

export const isJobKind = (kind: string): kind is JobKind => kind in jobKinds;
