/** Marks an archive as ours; restore refuses anything else. */
export const backupFormat = { format: 'personal-site-backup', version: 1 } as const;

/** What a backup archive holds at its top level. */
export const archiveEntries = {
  manifest: 'manifest.json',
  database: 'pglite.tar.gz',
  /** Laid out as the local blob store lays out its folder: `blobs/<first two characters>/<key>`. */
  blobs: 'blobs',
  sessionSecret: 'session-secret',
  /** Without it, the authenticator-app secrets in the database could not be read after a restore. */
  encryptionKey: 'encryption-key',
} as const;

/** Where blob `key` lives under a blob folder (the local store's layout, kept by the archive). */
export const blobPath = (key: string) => `${key.slice(0, 2)}/${key}`;

/** manifest.json: what the archive holds, so a verification can tell a whole archive from a damaged one. */
export interface Manifest {
  format: typeof backupFormat.format;
  version: typeof backupFormat.version;
  createdAt: string;
  migrations: string[];
  /** Rows per table at the snapshot's moment. */
  counts?: Record<string, number>;
  /** Blob keys the rows refer to whose bytes the archive holds. */
  blobs?: string[];
  /** Blob keys the rows refer to that had no bytes: uploads not yet sent, or blobs deleted after the snapshot. */
  absent?: string[];
  /**
   * The blobs are not in the archive but beside it, in the bucket it was written to (bucket-layout.ts): a
   * restore fetches them from there.
   */
  blobsBeside?: boolean;
}

/** A failure the operator can act on: printed as is, exit code 1. */
export class BackupError extends Error {}
