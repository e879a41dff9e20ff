import { memberCookieName } from '@site/contract';
import type { Request, RequestHandler } from 'express';
import onHeaders from 'on-headers';
import type { Config } from '../config.ts';

const thirtyDays = 30 * 24 * 60 * 60 * 1000;
const sentCookie = new RegExp(`(?:^|;\\s*)${memberCookieName}=`);

/** Whether the browser says a member is logged in (the cookie below), read before any cookie parser runs. */
export const sendsMemberCookie = (req: Request) => sentCookie.test(req.headers.cookie ?? '');

/**
 * Keeps the readable member cookie in step with the session as the answer leaves: set (with the session's rolling
 * lifetime) while a member is logged in, cleared otherwise. Decided at header time, so log in and log out answers
 * carry it already.
 */
export function memberCookie(config: Config): RequestHandler {
  return (req, res, next) => {
    const hadCookie = sendsMemberCookie(req);
    onHeaders(res, () => {
      const options = { sameSite: 'lax', secure: config.secureCookies, path: '/' } as const;
      if (req.session?.userId) res.cookie(memberCookieName, '1', { ...options, maxAge: thirtyDays });
      else if (hadCookie) res.clearCookie(memberCookieName, options);
    });
    next();
  };
}
