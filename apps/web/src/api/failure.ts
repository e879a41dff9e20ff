import { ErrorBody } from '@site/contract';

/**
 * What went wrong with a call, in the terms a screen chooses its words by (never a status code):
 * `offline` means no answer came at all (network down, server unreachable).
 */
export type FailureKind =
  | 'offline'
  | 'invalid'
  | 'logged_out'
  | 'forbidden'
  | 'not_verified'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'over_quota'
  | 'too_many_attempts'
  | 'unavailable'
  | 'other';

/** A call that did not answer what the caller expected; the only error the api hooks throw. */
export class ApiFailure extends Error {
  constructor(
    /** What went wrong. */
    readonly kind: FailureKind,
    /** True when asking again unchanged cannot help (a clear refusal rather than trouble on the way). */
    readonly final: boolean,
    /** The server's error code (`weak_password`, `bad_request`, …), when it sent one. */
    readonly code?: string,
    /** The server's sentence for the user, when it sent one. */
    readonly serverMessage?: string,
    /** How long the server asked us to wait (429, 503). */
    readonly retryAfterSeconds?: number,
    /** The request fields a 400 refused (`password`, `emailAddress`), for a form to word by its own fields. */
    readonly fields: readonly string[] = [],
  ) {
    super(serverMessage ?? `The call failed (${kind})`);
    this.name = 'ApiFailure';
  }
}

/** Any answer from the client: a status, a body, and (for fetch and ts-rest) headers. */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Headers;
}

function kindOf(status: number, code: string | undefined): FailureKind {
  if (status === 403 && code === 'email_not_verified') return 'not_verified';
  if (status === 413 && code === 'quota_exceeded') return 'over_quota';
  const kinds: Record<number, FailureKind> = {
    400: 'invalid',
    401: 'logged_out',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    413: 'too_large',
    429: 'too_many_attempts',
    503: 'unavailable',
    // The server's disk is full: like an outage, it passes once room is made.
    507: 'unavailable',
  };
  return kinds[status] ?? 'other';
}

/** Turns an answer that is not the expected one into an ApiFailure. */
export function failureOf(answer: Answer): ApiFailure {
  const parsed = ErrorBody.safeParse(answer.body);
  const error = parsed.success ? parsed.data.error : undefined;
  const retryAfter = Number(answer.headers?.get('retry-after'));
  return new ApiFailure(
    kindOf(answer.status, error?.code),
    answer.status >= 400 && answer.status < 500,
    error?.code,
    error?.message || undefined,
    retryAfter > 0 ? retryAfter : undefined,
    (error?.issues ?? []).map((issue) => String(issue.path.at(-1))),
  );
}

/** Waits for a call; no answer at all becomes an `offline` ApiFailure. */
async function settle<R extends Answer>(call: Promise<R>): Promise<R> {
  try {
    return await call;
  } catch {
    throw new ApiFailure('offline', false);
  }
}

/** The body of a 200 answer; anything else becomes an ApiFailure. */
export async function okBody<R extends Answer>(
  call: Promise<R>,
): Promise<Extract<R, { status: 200 }>['body']> {
  const res = await settle(call);
  if (res.status !== 200) throw failureOf(res);
  return res.body;
}

/** Waits for a 204 answer; anything else becomes an ApiFailure. */
export async function noContent(call: Promise<Answer>): Promise<void> {
  const res = await settle(call);
  if (res.status !== 204) throw failureOf(res);
}

/** Reads are retried once for trouble on the way, never for a clear refusal. */
export const retryReads = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiFailure && error.final);

/**
 * Waits for an answer and passes on a success (any 2xx) as it came; any other status, or no answer at all,
 * becomes an ApiFailure. The fetcher under every tsr hook, so their errors are always ApiFailures.
 */
export async function successOrFailure<R extends Answer>(call: Promise<R>): Promise<R> {
  const res = await settle(call);
  if (res.status < 200 || res.status > 299) throw failureOf(res);
  return res;
}

/**
 * Waits for any answer at all (for calls whose outcome is the same either way), from the plain client or a tsr
 * call; only no answer fails.
 */
export async function anyAnswer(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiFailure && error.kind !== 'offline') return;
    throw new ApiFailure('offline', false);
  }
}
