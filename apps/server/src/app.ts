import { contract } from '@site/contract';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { csrfProtection } from './auth/csrf.ts';
import { memberCookie } from './auth/member-cookie.ts';
import { sessionMiddleware } from './auth/session.ts';
import type { AppDeps } from './deps.ts';
import { docsRoutes } from './docs/docs-routes.ts';
import { accountRouter } from './features/account/account.router.ts';
import { adminRouter } from './features/admin/admin.router.ts';
import { albumsRouter } from './features/albums/albums.router.ts';
import { filesRouter } from './features/files/files.router.ts';
import { AppError } from './http/app-error.ts';
import { errorHandler, validationError } from './http/error-handler.ts';
import { requestId } from './http/request-id.ts';
import { serveWebApp } from './http/web-app.ts';
import { registerJobMetrics } from './jobs/metrics.ts';
import { metrics } from './metrics/metrics-routes.ts';
import { localBlobRoutes } from './storage/blob-routes.ts';
import { LocalBlobStore } from './storage/local-blob-store.ts';

/** Load balancers' liveness and readiness probes. */
const probes = new Set(['/api/health', '/api/ready']);

/** The whole site as an Express app, without listening (tests drive it with supertest). */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const observed = metrics(config);
  if (config.metricsToken) registerJobMetrics(db);
  app.use(observed.recorder);

  app.use(
    pinoHttp({
      logger,
      genReqId: requestId,
      // Probes come every few seconds; their lines would bury the ones that matter.
      autoLogging: { ignore: (req) => probes.has(req.url ?? '') },
      // One short line per request; headers would carry cookies and signed URLs would carry their signatures.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // WebAssembly may be compiled (the Mandelbrot kernel); JavaScript eval stays forbidden.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'img-src': [
            "'self'",
            'data:',
            'blob:',
            ...(config.storage.kind === 's3' && config.storage.publicEndpoint
              ? [config.storage.publicEndpoint]
              : []),
          ],
          'connect-src': [
            "'self'",
            ...(config.storage.kind === 's3' && config.storage.publicEndpoint
              ? [config.storage.publicEndpoint]
              : []),
          ],
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
    }),
  );

  // Answers carry personal data and CSRF tokens: no browser or proxy may keep them.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api', docsRoutes());
  app.use('/api', express.json({ limit: '1mb' }));
  const withSession = express
    .Router()
    .use(...sessionMiddleware(config, db), memberCookie(config), ...csrfProtection(config));
  // Probes come often and need no session.
  app.use('/api', (req, res, next) => (probes.has(`/api${req.path}`) ? next() : withSession(req, res, next)));

  const s = initServer();
  createExpressEndpoints(
    contract,
    s.router(contract, {
      account: accountRouter(deps),
      admin: adminRouter(deps),
      files: filesRouter(deps),
      albums: albumsRouter(deps),
    }),
    app,
    {
      responseValidation: true,
      requestValidationErrorHandler: (err, _req, _res, next) => next(validationError(err)),
    },
  );
  app.use('/api', (_req, _res, next) => next(new AppError('not_found', 'No such API route')));

  if (deps.blobs instanceof LocalBlobStore) app.use(localBlobRoutes(deps.blobs, db));
  serveWebApp(app, config.webDist);
  app.use(observed.databaseErrors, errorHandler);
  return app;
}
