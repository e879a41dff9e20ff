import type { Logger } from 'pino';
import type { Passwords } from './auth/password.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Prepare } from './db/prepared.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BlobStore } from './storage/blob-store.ts';

/** What the app is built from; main.ts wires real ones, tests wire the same kinds over throwaway data. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Prepared statements on the driver under `db`, for the session read of every request (see `Database.prepare`). */
  prepare: Prepare;
  logger: Logger;
  passwords: Passwords;
  mailer: Mailer;
  blobs: BlobStore;
  /** True once the server has begun to shut down (main.ts sets it), so /api/ready turns load balancers away. */
  draining?: () => boolean;
}
