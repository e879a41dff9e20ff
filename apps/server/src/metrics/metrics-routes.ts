import { timingSafeEqual } from 'node:crypto';
import { contract } from '@site/contract';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import {
  collectProcessMetrics,
  databaseErrors,
  httpDuration,
  httpRequests,
  registry,
  transferDuration,
} from './registry.ts';

/** The route a request matched, as a template with bounded cardinality: never the raw URL with its ids. */
function routeOf(req: Request): string {
  const contractRoute = (req as Request & { tsRestRoute?: { path: string } }).tsRestRoute;
  if (contractRoute) return contractRoute.path;
  const p = req.originalUrl.split('?')[0] ?? '';
  if (p.startsWith('/blobs/')) return '/blobs/*';
  if (p === '/metrics') return p;
  if (p.startsWith('/api/docs')) return '/api/docs';
  if (p.startsWith('/api/')) return p === '/api/openapi.json' ? p : '/api/*';
  return p.startsWith('/assets/') ? '/assets/*' : '/*';
}

/** Routes whose answers are bytes that take as long as they are big: timed apart from the API's latency. */
const transferRoutes = new Set(['/blobs/*', contract.albums.zip.path, contract.files.zip.path]);

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics, off unless METRICS_TOKEN is set: `recorder` (mount first) times every request and serves
 * `GET /metrics` to callers with `Authorization: Bearer <token>`; `databaseErrors` (mount just before the error
 * handler) counts requests that failed in the database.
 */
export function metrics(config: Config): { recorder: RequestHandler; databaseErrors: ErrorRequestHandler } {
  const token = config.metricsToken;
  if (!token) {
    return {
      // Answered here so the web app's catch-all does not serve its page for a scraper.
      recorder: (req, res, next) => (req.path === '/metrics' ? void res.status(404).end() : next()),
      databaseErrors: (err, _req, _res, next) => next(err),
    };
  }
  collectProcessMetrics();
  const recorder: RequestHandler = (req, res, next) => {
    if (req.path === '/metrics' && req.method === 'GET') {
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token)) {
        res.setHeader('WWW-Authenticate', 'Bearer');
        res.status(401).type('text/plain').send('A bearer token is required\n');
        return;
      }
      registry.metrics().then(
        (text) => res.type(registry.contentType).send(text),
        (err: unknown) => next(err),
      );
      return;
    }
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      httpRequests.inc(labels);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      (transferRoutes.has(labels.route) ? transferDuration : httpDuration).observe(labels, seconds);
    });
    next();
  };
  return {
    recorder,
    databaseErrors: (err, _req, _res, next) => {
      const name = (err as Error | undefined)?.name ?? '';
      if (name.startsWith('PrismaClient') || name === 'DriverAdapterError')
        databaseErrors.inc({ kind: name });
      // The session read goes to the driver without Prisma: an outage often shows there first.
      else if (isDatabaseUnavailable(err)) databaseErrors.inc({ kind: 'unreachable' });
      next(err);
    },
  };
}
