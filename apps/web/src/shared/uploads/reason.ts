import { ApiFailure } from '../../api/failure.ts';

/** A failure whose message is already the words for the user (a file the browser cannot read as an image). */
export class UploadRefused extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help. */
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'UploadRefused';
  }
}

/** Why an upload failed, in words (never a status code), and whether Retry can help. */
export function reasonOf(error: unknown): { reason: string; canRetry: boolean } {
  if (error instanceof UploadRefused) return { reason: error.message, canRetry: error.retryable };
  if (!(error instanceof ApiFailure)) return { reason: 'The upload failed.', canRetry: true };
  const server = error.serverMessage;
  switch (error.kind) {
    case 'offline':
      return { reason: 'The connection was lost. Retry once you are back online.', canRetry: true };
    case 'unavailable':
      return { reason: 'The server cannot store files right now. Retry in a moment.', canRetry: true };
    case 'too_many_attempts':
      return { reason: 'Too many uploads at once. Wait a moment, then retry.', canRetry: true };
    case 'too_large':
      return { reason: server ?? 'The file is too large.', canRetry: false };
    case 'over_quota':
      // Retry helps once something was deleted or the Trash emptied.
      return { reason: server ?? 'Your storage is full.', canRetry: true };
    case 'logged_out':
      return { reason: 'You were logged out. Log in again, then retry.', canRetry: true };
    case 'not_verified':
      return { reason: 'Please verify your email address first.', canRetry: true };
    case 'forbidden':
      return { reason: 'You may not upload here.', canRetry: true };
    case 'not_found':
      return {
        reason: 'Its folder or album, or the upload itself, is gone from the server.',
        canRetry: true,
      };
    case 'conflict':
      return { reason: server ?? 'It clashes with what is there now.', canRetry: true };
    case 'invalid':
      return { reason: server ?? 'The server refused this upload.', canRetry: false };
    default:
      return { reason: 'The server could not store it. Retry in a moment.', canRetry: true };
  }
}
