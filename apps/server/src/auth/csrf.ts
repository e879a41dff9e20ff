import { createHmac } from 'node:crypto';
import { xsrfCookieName } from '@site/contract';
import { doubleCsrf } from 'csrf-csrf';
import type { Request, RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { Config } from '../config.ts';
import { AppError } from '../http/app-error.ts';

/** Methods that change nothing: no CSRF token asked, nothing recorded in maintenance mode. */
export const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Each request's token, minted at most once for each session it has (log in and log out change it). */
const issuers = new WeakMap<Request, () => string>();

/**
 * The session a token is bound to: a member's session id, so a token planted with its cookie (from a subdomain,
 * say) or left from before log in is worth nothing in another session. Visitors have no session (no row, no
 * cookie), so theirs rests on the double submit alone.
 */
const sessionOf = (req: Request) => (req.session?.userId ? req.sessionID : '');

/**
 * CSRF as the page sees it (csrf-csrf's double submit): a readable cookie holding an HMAC of the session and a
 * random value, echoed in the X-XSRF-TOKEN header of every request that changes something; anything else is a
 * 403 `csrf`. The cookie is set on every answer for the session as the answer leaves, so the one that logs in or
 * out already carries the next token. Needs cookie-parser before it, and the session.
 */
export function csrfProtection(config: Config): RequestHandler[] {
  const cookieName = config.secureCookies ? `__Host-${xsrfCookieName}` : xsrfCookieName;
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    // A key of its own, so a CSRF token never doubles as anything the session secret signs.
    getSecret: () => createHmac('sha256', config.sessionSecret).update('csrf token').digest('hex'),
    getSessionIdentifier: sessionOf,
    cookieName,
    cookieOptions: { sameSite: 'strict', secure: config.secureCookies, httpOnly: false, path: '/' },
    getCsrfTokenFromRequest: (req) => req.get('x-xsrf-token'),
  });

  const guard: RequestHandler = (req, _res, next) =>
    next(
      safeMethods.has(req.method) || validateRequest(req)
        ? undefined
        : new AppError('csrf', 'Missing or invalid X-XSRF-TOKEN header'),
    );
  const publish: RequestHandler = (req, res, next) => {
    let issued: { session: string; token: string } | undefined;
    const issue = () => {
      const session = sessionOf(req);
      // Keeps a valid cookie the browser sent; mints a new token when there is none or its session has changed.
      if (issued?.session !== session) issued = { session, token: generateCsrfToken(req, res) };
      return issued.token;
    };
    issuers.set(req, issue);
    onHeaders(res, issue);
    next();
  };
  // Published first, so a refused answer too brings the token for the session as it is now (one that ended
  // elsewhere leaves the browser a token for it).
  return [publish, guard];
}

/** The CSRF token for the request's session as it is now; the answer's cookie carries the same. */
export function csrfToken(req: Request): string {
  const issue = issuers.get(req);
  if (!issue) throw new Error('csrfProtection does not run before this route');
  return issue();
}
