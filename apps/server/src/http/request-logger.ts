import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { requestId } from './request-id.ts';

declare module 'http' {
  interface IncomingMessage {
    /** The request's id (request-id.ts), on its log lines and in the answer's X-Request-Id header. */
    id: string;
    /** The server's logger with this request on every line. */
    log: Logger;
  }
}

/** Load balancers' liveness and readiness probes: they come every few seconds and would bury the lines that matter. */
export const probes = new Set(['/api/health', '/api/ready']);

/**
 * One short line per request (probes excepted) under the request's id, carrying no headers (they hold cookies):
 * the client's address (through TRUST_PROXY's proxies) and, once the session is read, whom it acts as (and the
 * admin acting, in maintenance mode), so an operator can tell whose requests failed or were limited.
 * The id (request-id.ts) is on every line logged through req.log, and in the answer's X-Request-Id header.
 * In place of pino-http, which built a child logger for every request: req.log is made only when a handler
 * logs, and the line at the end is one call on the server's logger.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const id = requestId(req, res);
    // Signed URLs would carry their signatures in the query, so only the path is logged.
    const line = { id, method: req.method, path: req.url.split('?')[0], ip: req.ip };
    let log: Logger | undefined;
    req.id = id;
    Object.defineProperty(req, 'log', {
      get: () => (log ??= logger.child({ req: line })),
      configurable: true,
    });
    if (!probes.has(req.url)) {
      res.once('close', () => {
        const session = (req as { session?: { userId?: string; adminId?: string } }).session;
        const fields = {
          req: line,
          ...(session?.userId && { user: session.userId }),
          ...(session?.adminId && { admin: session.adminId }),
          res: { status: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        };
        // A client that left before the answer was sent (a reload, a thumbnail scrolled past) is not the server's
        // fault, and a busy album view makes dozens: info, as a completed request.
        if (!res.writableFinished) logger.info(fields, 'request aborted');
        else if (res.statusCode >= 500) logger.error(fields, 'request errored');
        else logger.info(fields, 'request completed');
      });
    }
    next();
  };
}
