/** The largest file one upload may announce: 2 GiB. Larger announcements are refused with 413. */
export const maxFileBytes = 2 * 1024 ** 3;

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
