import { ErrorBody } from '@site/contract';

/** A non-success answer from the API, kept so a screen can tell 'Not Found' from 'verify your e-mail'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`The server answered ${status}${code ? ` (${code})` : ''}`);
  }
}

const codeOf = (body: unknown) => {
  const parsed = ErrorBody.safeParse(body);
  return parsed.success ? parsed.data.error.code : undefined;
};

/** The body of a 200 answer; anything else becomes an ApiError. */
export async function okBody<R extends { status: number; body: unknown }>(
  call: Promise<R>,
): Promise<Extract<R, { status: 200 }>['body']> {
  const res = await call;
  if (res.status !== 200) throw new ApiError(res.status, codeOf(res.body));
  return res.body as Extract<R, { status: 200 }>['body'];
}

/** Waits for a 204 answer; anything else becomes an ApiError. */
export async function noContent(call: Promise<{ status: number; body: unknown }>): Promise<void> {
  const res = await call;
  if (res.status !== 204) throw new ApiError(res.status, codeOf(res.body));
}

/** True for answers that mean the thing is not there for this user (missing, or not theirs to see). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || (error.status === 403 && error.code === 'forbidden'));

/** True for the answer a non-owner gets before verifying their e-mail address. */
export const isNotVerified = (error: unknown) =>
  error instanceof ApiError && error.code === 'email_not_verified';

/** Reads are retried once for network trouble, never for a clear 4xx answer. */
export const retryReads = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** A sentence for a failed action, saying what the user can do about it. */
export function failureText(action: string, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return `Could not ${action}: the file is too large.`;
    if (error.status === 429) return `Could not ${action}: too many attempts, please wait a moment.`;
    if (error.code === 'email_not_verified')
      return `Could not ${action}: please verify your email address first.`;
    if (error.status === 404) return `Could not ${action}: it no longer exists.`;
  }
  return `Could not ${action}. Please try again.`;
}
