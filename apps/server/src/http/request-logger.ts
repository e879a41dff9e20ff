import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestId } from './request-id.ts';

/** Load balancers' liveness and readiness probes: they come every few seconds and would bury the lines that matter. */
export const probes = new Set(['/api/health', '/api/ready']);

/**
 * One short line per request (probes excepted) under the request's id, carrying no headers: they hold cookies.
 * The id (request-id.ts) is on every line logged through req.log, and in the answer's X-Request-Id header.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestId,
    autoLogging: { ignore: (req) => probes.has(req.url ?? '') },
    // Signed URLs would carry their signatures in the query, so only the path is logged.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
}
