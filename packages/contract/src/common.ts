import { z } from 'zod';

// Control characters: C0, DEL and C1. PostgreSQL cannot store NUL at all; the others hide or reorder text.
// eslint-disable-next-line no-control-regex
const noControls = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// The same, but tab and line breaks are allowed in text of several lines.
// eslint-disable-next-line no-control-regex
const noControlsButLineBreaks = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/**
 * Every string field a caller sends starts here: NUL and other control characters are a 400. `multiLine` text
 * (descriptions, comments) may hold tabs and line breaks.
 */
export function Text({ multiLine = false }: { multiLine?: boolean } = {}) {
  return z
    .string()
    .regex(multiLine ? noControlsButLineBreaks : noControls, 'must not contain control characters');
}

/**
 * The words of a length rule. Every check in the contract names its own words, because a refusal can reach a
 * person (the web app shows some by their field) and zod's defaults read "String must contain at least 8
 * character(s)".
 */
export const atLeast = (n: number) => (n === 1 ? 'Must not be empty' : `At least ${n} characters`);
/** The words of a maximum length. */
export const atMost = (n: number) => `At most ${n} characters`;

/**
 * Characters that change how the text around them reads without showing themselves: bidirectional embeddings,
 * overrides, isolates and marks (`\u202etxt.exe` shows as `exe.txt`), and zero-width spaces and joiners. A
 * zero-width joiner between two emoji belongs to the emoji (a family, 👨‍👩‍👧) and stays.
 */
const invisible =
  /(\p{Extended_Pictographic}(?:\u{fe0f}|\p{Emoji_Modifier})?\u200d)(?=\p{Extended_Pictographic})|[\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/gu;

/** `text` without its invisible characters (above). */
export const withoutInvisible = (text: string) => text.replace(invisible, '$1');

/**
 * A refinement for names that must stay exactly as sent, so invisible characters are refused rather than dropped
 * (a file name is matched against its siblings and handed back on download): `.refine(...visibleOnly)`.
 */
export const visibleOnly = [
  (name: string) => withoutInvisible(name) === name,
  'must not contain invisible or direction-changing characters',
] as const;

/**
 * A name people read on screen (an album's, a person's display name): invisible characters are dropped, so it
 * shows what was seen when it was typed; once they are gone it may be neither empty nor longer than `max`.
 */
export const ShownName = (max: number) =>
  Text()
    .transform((name) => withoutInvisible(name).trim())
    .refine((name) => name.length > 0, atLeast(1))
    .refine((name) => name.length <= max, atMost(max));

/** Every id on the wire is a UUID string. */
export const Id = Text().uuid('Not a valid id');

const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** 1 to `max` ids of `what` separated by commas: a selection named in a link's query. */
export const IdList = (max: number, what: string) =>
  Text().regex(
    new RegExp(`^${uuid}(,${uuid}){0,${max - 1}}$`),
    `ids must be 1 to ${max} ${what} ids separated by commas`,
  );

/** Times travel as ISO-8601 strings. */
export const Timestamp = Text().datetime({ offset: true, message: 'Not a valid time' });

/** An e-mail address as typed by a person; the server compares them case-insensitively. */
export const EmailAddress = Text()
  .trim()
  .max(254, atMost(254))
  .email('Enter an e-mail address like name@example.com');

/** A short-lived URL for a blob: to PUT an upload's bytes to, or to GET (download) them from. */
export const SignedUrl = z.object({ url: z.string() });

/**
 * Stable error codes. Each maps to one HTTP status:
 * - bad_request 400: the input does not fit the contract (see `issues`)
 * - invalid_token 400: a verification or reset link is unknown, used or expired
 * - weak_password 400: the password is too common
 * - unauthenticated 401: not logged in
 * - forbidden 403: logged in but not allowed
 * - csrf 403: the X-XSRF-TOKEN header is missing or wrong
 * - email_not_verified 403: the action needs a verified e-mail address
 * - second_factor_required 403: the site requires admins to use a second factor; add one in the profile first
 * - account_disabled 403: an admin has disabled this account; nothing signs it in until they enable it again
 * - not_found 404, conflict 409, too_large 413
 * - quota_exceeded 413: the upload would pass the caller's storage quota; the message says how much is left
 * - rate_limited 429: too many attempts; see the Retry-After header
 * - internal 500: something failed on our side (details are only in the server log)
 * - unavailable 503: a part the site depends on (database, blob store) is down or the server is shutting down;
 *   see the Retry-After header (a session is kept)
 * - disk_full 507: the server's disk is too full for an upload or a change; nothing of it is kept, so it can be
 *   sent again once there is room (see the Retry-After header)
 */
export const ErrorCode = z.enum([
  'bad_request',
  'invalid_token',
  'weak_password',
  'unauthenticated',
  'forbidden',
  'csrf',
  'email_not_verified',
  'second_factor_required',
  'account_disabled',
  'not_found',
  'conflict',
  'too_large',
  'quota_exceeded',
  'rate_limited',
  'internal',
  'unavailable',
  'disk_full',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error body every /api route answers with. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    issues: z
      .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
      .optional(),
    /** On every 5xx: the request's id (its X-Request-Id), which finds its lines in the server log. */
    requestId: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * A download the browser saves: the bytes of a zip archive, streamed, with `Content-Disposition: attachment`.
 * Reached by a plain link (the session cookie is enough), so the web app builds its URL from the route's path.
 */
export const zipDownload = {
  contentType: 'application/zip',
  body: z.unknown().describe('A zip archive (STORE, Zip64 where needed)'),
} as const;

/** The HTTP status of each kind of error a route may answer. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503 | 507;

/**
 * The error answers a route can give, for its `responses`: 400 for input that does not fit, 401 without a
 * session, 403 for a missing CSRF header or right, 404 for what the caller cannot see, 409 for a state that
 * forbids the change, 413 for a body or upload too large, 429 past a rate limit, 507 when the disk is full. The
 * OpenAPI document lists exactly these per operation, beside `errorResponses`.
 */
export function errors<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;
}

/** Error answers every route can give: a failure on the server's side (500) or a part it needs being down (503). */
export const errorResponses = errors(500, 503);

/**
 * A readable cookie (value `1`) the server keeps beside the httpOnly session cookie while the session belongs to
 * a member, so the web app knows a visitor is logged out without asking GET /me (whose 401 browsers log as an
 * error).
 */
export const memberCookieName = 'member';

/**
 * The readable cookie holding the CSRF token that the web app echoes in the `X-XSRF-TOKEN` header. Over HTTPS in
 * production it is named with the `__Host-` prefix (so no subdomain or plain-http page can plant one); match the
 * name with `xsrfCookiePattern`.
 */
export const xsrfCookieName = 'XSRF-TOKEN';

/** Finds the CSRF cookie's value in `document.cookie`, whichever of its two names it has. */
export const xsrfCookiePattern = new RegExp(`(?:^|;\\s*)(?:__Host-)?${xsrfCookieName}=([^;]+)`);
