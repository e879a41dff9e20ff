import { z } from 'zod';
import { Timestamp } from './common.ts';

/** One scheduled backup: the archive's name in the backup folder and its size. */
const BackupFile = z.object({
  at: Timestamp,
  file: z.string(),
  bytes: z.number().int().min(0),
});

/** How the scheduled backups went. */
export const BackupStatus = z.object({
  /** The newest run, whether it worked or not. */
  lastAttempt: BackupFile.extend({
    /** True when the archive restored to what the snapshot held; it is then kept among the good ones. */
    verified: z.boolean(),
    /** What went wrong; empty when verified. A failed archive is kept aside in the folder's `failed/`. */
    problems: z.array(z.string()),
    durationMs: z.number().int().min(0),
  }).nullable(),
  /** The newest backup that passed its verification. */
  lastSuccess: BackupFile.nullable(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

/** The admin's view of backups: off with PostgreSQL, or S3 blobs without a backup bucket; else the status. */
export const BackupOverview = BackupStatus.extend({
  enabled: z.boolean(),
  /** Where the backups go: a folder on the server, or `s3://bucket/prefix/`. */
  dir: z.string().nullable(),
});
export type BackupOverview = z.infer<typeof BackupOverview>;
