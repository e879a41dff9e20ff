import csurf from 'csurf';
import type { RequestHandler } from 'express';
import type { Config } from '../config.ts';

/**
 * CSRF as the page sees it: a readable XSRF-TOKEN cookie, echoed in the X-XSRF-TOKEN header of every request
 * that changes something. The secret behind it lives in a signed, httpOnly `_csrf` cookie rather than a session,
 * so visitors cost no database row. Needs cookie-parser with the session secret before it.
 */
export function csrfProtection(config: Config): RequestHandler[] {
  const protect = csurf({
    cookie: {
      key: '_csrf',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      signed: true,
    },
    value: (req) => req.get('x-xsrf-token') ?? '',
  });
  const publish: RequestHandler = (req, res, next) => {
    res.cookie('XSRF-TOKEN', req.csrfToken(), { sameSite: 'lax', secure: config.secureCookies, path: '/' });
    next();
  };
  return [protect, publish];
}
