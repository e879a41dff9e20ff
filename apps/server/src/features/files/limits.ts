/** Parts of a multipart upload are numbered from 1 to this (S3's own limit). */
export const maxPartCount = 10_000;

/** The part size for a file of `size` bytes: `configured`, raised so that the file fits in `maxPartCount` parts. */
export function partSizeFor(size: number, configured: number): number {
  return Math.max(configured, Math.ceil(size / maxPartCount));
}

/** A size as people say it: `300 bytes`, `1.5 MiB`, `10 GiB`. */
export function inWords(bytes: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes;
  let unit = 'bytes';
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return `${Number(value.toFixed(1))} ${unit}`;
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
