/** Parts of a multipart upload are numbered from 1 to this (S3's own limit). */
export const maxPartCount = 10_000;

/** The part size for a file of `size` bytes: `configured`, raised so that the file fits in `maxPartCount` parts. */
export function partSizeFor(size: number, configured: number): number {
  return Math.max(configured, Math.ceil(size / maxPartCount));
}

/**
 * The Content-Type every file upload URL is signed for, whatever the file is: the signed-URL route has no body
 * to say otherwise. S3 refuses a PUT whose header differs, so the browser sends exactly this; the file's real
 * type is kept on the node (from create-file) and served with its downloads.
 */
export const uploadContentType = 'application/octet-stream';

/** A MIME type as `type/subtype`; anything else is served as `application/octet-stream`. */
export function safeMimeType(mimeType: string): string {
  const trimmed = mimeType.trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(trimmed)
    ? trimmed
    : uploadContentType;
}
