import type { Db } from '../db/database.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/** One thing the doctor found wrong, and whether `--repair` put it right. */
export interface Finding {
  problem: string;
  repaired: boolean;
}

/** What every check works on; `repair` lets it fix what it can. */
export interface CheckContext {
  db: Db;
  blobs: BlobStore;
  repair: boolean;
}
