import type { Readable } from 'node:stream';
import type { StoredPart } from '@site/contract';

/**
 * Where photos and files live. Browsers move the bytes themselves, through short-lived signed URLs, so an app
 * server never holds a whole file in memory.
 */
export interface BlobStore {
  /** A URL the browser PUTs the bytes of the upload `key` to; it never reaches a blob once `promote`d. */
  uploadUrl(key: string, options: { contentType: string; maxBytes: number }): Promise<string>;
  /**
   * Makes the uploaded bytes of `key` the blob `key`, out of reach of its upload URL (S3 copies them away from the
   * staging key the URL writes to; the local store writes in place and kills its URLs through the upload's row).
   * Nothing uploaded: nothing changes.
   */
  promote(key: string): Promise<void>;
  /** A URL the browser GETs the bytes of `key` from; `fileName` makes it a download of that name. */
  downloadUrl(key: string, options?: { fileName?: string; contentType?: string }): Promise<string>;
  /** The size of a stored blob, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Streams a stored blob (server-side work such as checking an image). */
  read(key: string): Promise<Readable>;
  /** Stores bytes the server made itself (a cleaned photo), replacing the blob `key`. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream the server makes itself (a data export, too big to hold in memory) as the blob `key`, seen by
   * readers only once whole; answers its length in bytes. A failing `source` leaves nothing behind.
   */
  writeStream(key: string, source: Readable, contentType: string): Promise<number>;
  /**
   * Makes the blob `to` a copy of the blob `from` that lives on its own: removing either leaves the other whole
   * (a photo added to a second album). Rejects when there is no `from`.
   */
  copy(from: string, to: string): Promise<void>;
  /** Removes blobs, with whatever their uploads left; missing ones are ignored. */
  remove(keys: string[]): Promise<void>;
  /** Rejects when the store cannot take blobs now (for /api/ready). */
  check(): Promise<void>;
  /**
   * Bytes the store can take before its disk falls under the reserve kept for everything else (negative once it
   * has); null for a store without a disk of its own to run out of (S3).
   */
  spareBytes(): Promise<number | null>;
  /** Every stored blob with when it was last written, for the reconciler (reconcile.ts). */
  list(): AsyncIterable<StoredBlob>;
  /**
   * Removes upload leftovers last touched before `before` (local `.part` files of interrupted PUTs; parts of
   * multipart uploads whose key `referenced` leaves out) and answers what they were; with `dryRun` only answers.
   */
  removeAbandonedParts(
    before: Date,
    options?: { dryRun?: boolean; referenced?: (keys: string[]) => Promise<Set<string>> },
  ): Promise<string[]>;

  // Multipart uploads: the browser PUTs numbered parts of blob `key`, in any order, to URLs from `partUrl`.
  // Nothing of them is a blob until `joinParts`, which the caller runs once `listParts` shows every part.

  /** Starts a multipart upload that becomes the blob `key`; answers the store's id for it, kept with the upload. */
  startParts(key: string): Promise<string>;
  /** A URL the browser PUTs a part to; re-sending a part replaces it. */
  partUrl(upload: MultipartRef, part: PartPlace): Promise<string>;
  /** The parts stored so far, by ascending part number. */
  listParts(upload: MultipartRef): Promise<StoredPart[]>;
  /** Makes parts 1..`partCount`, in order, the blob `key`, and frees them; their URLs die with them. */
  joinParts(upload: MultipartRef, partCount: number): Promise<void>;
  /** Frees the parts of a multipart upload that will not be joined; an unknown or finished one is no error. */
  abortParts(upload: MultipartRef): Promise<void>;
}

/** A multipart upload in a blob store: the blob it becomes and the store's own id for it (from `startParts`). */
export interface MultipartRef {
  key: string;
  multipartId: string;
}

/** Part `partNumber` (from 1) of a multipart upload: at most `maxBytes`, from byte `offset` of the blob on. */
export interface PartPlace {
  partNumber: number;
  offset: number;
  maxBytes: number;
}

export interface StoredBlob {
  key: string;
  lastModified: Date;
}

/** Signed URLs live this long. */
export const urlLifetimeSeconds = 15 * 60;

/** Blob keys are UUIDs, which keeps them safe as file names and URL segments. */
export const isBlobKey = (key: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key);

/** Types a browser only displays or plays; anything else could run as script, markup or style. */
const displayOnlyType =
  /^(image\/(jpeg|png|gif|webp|avif|bmp|heic|heif|heic-sequence|heif-sequence|tiff|x-adobe-dng)|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain|text\/csv|application\/pdf)$/;

/** What an album shows in the page itself: its JPEGs, and the videos it plays. */
const shownInline = /^(image\/jpeg|video\/(mp4|quicktime|webm))$/;

/**
 * How a blob is served so that it never runs on the site's origin: album photos and videos (no file name, a JPEG
 * or a video type) inline, everything else as an attachment, and executable types (HTML, JavaScript, SVG, XML...)
 * as bytes.
 */
export function servedAs({ fileName, contentType }: { fileName?: string; contentType?: string }): {
  contentType: string;
  disposition: string;
} {
  const type = contentType?.toLowerCase() ?? '';
  if (!fileName && shownInline.test(type)) return { contentType: type, disposition: 'inline' };
  const name = fileName ? `; filename*=UTF-8''${encodeURIComponent(fileName)}` : '';
  return {
    contentType: displayOnlyType.test(type) ? type : 'application/octet-stream',
    disposition: `attachment${name}`,
  };
}
