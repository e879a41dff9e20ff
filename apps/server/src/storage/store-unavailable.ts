import { AppError } from '../http/app-error.ts';
import { unreachableSocketCodes } from '../http/unreachable-codes.ts';

/** Node's socket failures: the store is out of reach (down, restarting, a closed port), not the request at fault. */
const unreachable = new Set([...unreachableSocketCodes, 'EAI_AGAIN']);

/**
 * Whether an S3 call failed because the service could not serve it: no connection, a timeout, or a 5xx answer
 * (InternalError, ServiceUnavailable, SlowDown). A 4xx (NoSuchKey, NoSuchUpload, AccessDenied) is not: it says
 * something about the request, and the caller decides what it means.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, name, $fault, $metadata, errors, cause } = e as {
      code?: unknown;
      name?: unknown;
      $fault?: unknown;
      $metadata?: { httpStatusCode?: number };
      errors?: unknown[];
      cause?: unknown;
    };
    if (typeof code === 'string' && unreachable.has(code)) return true;
    // 501 NotImplemented is a store without the feature (s3rver lists no multipart uploads), not an outage.
    if ($metadata?.httpStatusCode === 501 || name === 'NotImplemented') return false;
    if (name === 'TimeoutError' || $fault === 'server') return true;
    if (($metadata?.httpStatusCode ?? 0) >= 500) return true;
    // A host with several addresses fails with every one of them at once.
    if (Array.isArray(errors) && errors.some(isStoreUnavailable)) return true;
    e = cause;
  }
  return false;
}

/** The answer to a request that needed the store while it was out of reach: 503, and when to try again. */
export const storeUnavailable = () =>
  new AppError(
    'unavailable',
    'The file store cannot be reached just now; please try again in a few seconds',
    { retryAfterSeconds: 5 },
  );
