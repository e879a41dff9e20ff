import type { Readable } from 'node:stream';

/**
 * Where photos and files live. Browsers move the bytes themselves, through short-lived signed URLs, so an app
 * server never holds a whole file in memory.
 */
export interface BlobStore {
  /** A URL the browser PUTs the bytes of `key` to. */
  uploadUrl(key: string, options: { contentType: string; maxBytes: number }): Promise<string>;
  /** A URL the browser GETs the bytes of `key` from; `fileName` makes it a download of that name. */
  downloadUrl(key: string, options?: { fileName?: string; contentType?: string }): Promise<string>;
  /** The size of a stored blob, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Streams a stored blob (server-side work such as checking an image). */
  read(key: string): Promise<Readable>;
  /** Removes blobs; missing ones are ignored. */
  remove(keys: string[]): Promise<void>;
  /** Every stored blob with when it was last written, for the reconciler (reconcile.ts). */
  list(): AsyncIterable<StoredBlob>;
  /**
   * Removes upload leftovers last touched before `before` (local `.part` files of interrupted PUTs; S3 multipart
   * uploads never completed) and answers what they were; with `dryRun` only answers.
   */
  removeAbandonedParts(before: Date, options?: { dryRun?: boolean }): Promise<string[]>;
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
