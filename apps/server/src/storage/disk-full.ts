import { AppError } from '../http/app-error.ts';
import { errorChain } from '../http/error-chain.ts';

/**
 * No space left on the device (ENOSPC), the user's disk quota spent (EDQUOT), or the database's disk full
 * (PostgreSQL's 53100, which PGlite under DATA_DIR/db answers too).
 */
const fullCodes = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** Whether `error` (or anything under it) is a write the disk had no room for. */
export function isDiskFull(error: unknown): boolean {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && fullCodes.has(code)) return true;
  return false;
}

/**
 * The answer to a change the disk has no room for: 507, nothing of it kept. Freeing room takes an operator, so
 * a client is asked to wait longer than for an outage.
 */
export const diskFull = (cause?: unknown) =>
  new AppError('disk_full', "The server's disk is full; nothing was stored. Please try again later", {
    retryAfterSeconds: 60,
    cause,
  });
