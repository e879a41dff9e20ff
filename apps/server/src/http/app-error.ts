import type { ErrorBody, ErrorCode } from '@site/contract';

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  invalid_token: 400,
  weak_password: 400,
  unauthenticated: 401,
  forbidden: 403,
  csrf: 403,
  email_not_verified: 403,
  second_factor_required: 403,
  account_disabled: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  quota_exceeded: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  disk_full: 507,
};

/** An error a caller may see: a stable code, its HTTP status, and a message safe to show. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      issues?: ErrorBody['error']['issues'];
      retryAfterSeconds?: number;
      /** What failed underneath, for the log only. */
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.status = statusOf[code];
  }

  get body(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.extra.issues && { issues: this.extra.issues }),
      },
    };
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const forbidden = (why = 'Forbidden') => new AppError('forbidden', why);
