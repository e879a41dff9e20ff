import type { ErrorRequestHandler } from 'express';
import type { RequestValidationError } from '@ts-rest/express';
import type { ZodError } from 'zod';
import { isDatabaseBusy } from '../db/busy.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { diskFull, isDiskFull } from '../storage/disk-full.ts';
import { AppError } from './app-error.ts';

function issuesOf(error: ZodError | null) {
  return (error?.issues ?? []).map((i) => ({ path: i.path, message: i.message }));
}

/** Bad input against the contract: 400 with the zod issues, naming the part of the request at fault. */
export function validationError(err: RequestValidationError): AppError {
  const issues = [
    ...issuesOf(err.pathParams).map((i) => ({ ...i, path: ['params', ...i.path] })),
    ...issuesOf(err.query).map((i) => ({ ...i, path: ['query', ...i.path] })),
    ...issuesOf(err.body).map((i) => ({ ...i, path: ['body', ...i.path] })),
    ...issuesOf(err.headers).map((i) => ({ ...i, path: ['headers', ...i.path] })),
  ];
  const first = issues[0];
  const message = first ? `${first.path.join('.')}: ${first.message}` : 'Invalid request';
  return new AppError('bad_request', message, { issues });
}

/** Maps anything thrown to the one error body. Internals never reach the caller. */
function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as { code?: string; type?: string; status?: number };
  if (e.type === 'entity.parse.failed') return new AppError('bad_request', 'The body is not valid JSON');
  if (e.type === 'entity.too.large') return new AppError('too_large', 'The request body is too large');
  if (e.status === 413 || e.code === 'LIMIT_FILE_SIZE')
    return new AppError('too_large', 'The upload is too large');
  if (e.status && e.status >= 400 && e.status < 500) return new AppError('bad_request', 'Bad request');
  if (isDiskFull(err)) return diskFull(err);
  // Never "logged out" nor "csrf": the session is fine, the database is not there for the moment.
  if (isDatabaseUnavailable(err))
    return new AppError('unavailable', 'The site is briefly unavailable; please try again', {
      retryAfterSeconds: 5,
      cause: err,
    });
  // Nothing was committed: waiting in line (a busy album, a slow machine) took longer than a transaction may.
  if (isDatabaseBusy(err))
    return new AppError('unavailable', 'The site is busy; please try again in a moment', {
      retryAfterSeconds: 2,
      cause: err,
    });
  return new AppError('internal', 'Something went wrong on our side');
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const appError = toAppError(err);
  // A part down or a full disk is an outage to watch, not a bug to fix: one line per request, with what failed
  // underneath; nothing below logs it.
  if (appError.code === 'unavailable' || appError.code === 'disk_full') {
    req.log.warn({ code: appError.code, err: appError.cause }, 'request unavailable');
  } else if (appError.status >= 500) req.log.error({ err }, 'request failed');
  if (appError.extra.retryAfterSeconds)
    res.setHeader('Retry-After', String(appError.extra.retryAfterSeconds));
  if (res.headersSent) return;
  const body = appError.body;
  // The id finds the failure's lines in the log; a caller can quote it.
  if (appError.status >= 500 && typeof req.id === 'string') body.error.requestId = req.id;
  res.status(appError.status).json(body);
};
