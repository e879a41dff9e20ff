import { contract } from '@site/contract';
import { createExpressEndpoints, initServer } from '@ts-rest/express';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { csrfProtection } from './auth/csrf.ts';
import { memberCookie } from './auth/member-cookie.ts';
import { sessionMiddleware } from './auth/session.ts';
import type { AppDeps } from './deps.ts';
import { docsRoutes } from './docs/docs-routes.ts';
import { accountRouter } from './features/account/account.router.ts';
import { adminRouter } from './features/admin/admin.router.ts';
import { recordMaintenanceActions } from './features/admin/record-maintenance-actions.ts';
import { albumsRouter } from './features/albums/albums.router.ts';
import { filesRouter } from './features/files/files.router.ts';
import { secondFactorRouter } from './features/second-factor/second-factor.router.ts';
import { securityRouter } from './features/security/security.router.ts';
import { leavingRouter } from './features/leaving/leaving.router.ts';
import { trashRouter } from './features/trash/trash.router.ts';
import { AppError } from './http/app-error.ts';
import { errorHandler, validationError } from './http/error-handler.ts';
import { probes, requestLogger } from './http/request-logger.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveWebApp } from './http/web-app.ts';
import { registerJobMetrics } from './jobs/metrics.ts';
import { metrics } from './metrics/metrics-routes.ts';
import { localBlobRoutes } from './storage/blob-routes.ts';
import { LocalBlobStore } from './storage/local-blob-store.ts';

/** The whole site as an Express app, without listening (tests drive it with supertest). */
export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Every API answer is no-store, so no browser ever sends an ETag back; the web app's files get theirs from
  // sendFile. So no answer's body is hashed for one.
  app.disable('etag');
  app.set('trust proxy', config.trustProxy);
  // Load balancers probe this every few seconds: answered before any layer, since it needs none (no log line, no
  // headers for a page, no body, cookies or session). The contract's handler stays for the types and the docs.
  app.get('/api/health', (_req, res) => void res.json({ status: 'ok' }));

  const observed = metrics(config);
  if (config.metricsToken) registerJobMetrics(db);
  app.use(observed.recorder);

  app.use(requestLogger(logger));
  app.use(securityHeaders(config));

  // Answers carry personal data and CSRF tokens: no browser or proxy may keep them.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api', docsRoutes());
  const api = express
    .Router()
    .use(
      express.json({ limit: '1mb' }),
      cookieParser(config.sessionSecret),
      ...sessionMiddleware(config, db, deps.prepare),
      memberCookie(config),
      ...csrfProtection(config),
      recordMaintenanceActions(db),
    );
  // Readiness probes come often and need no session.
  app.use('/api', (req, res, next) => (probes.has(`/api${req.path}`) ? next() : api(req, res, next)));

  const s = initServer();
  createExpressEndpoints(
    contract,
    s.router(contract, {
      account: accountRouter(deps),
      security: securityRouter(deps),
      leaving: leavingRouter(deps),
      secondFactor: secondFactorRouter(deps),
      admin: adminRouter(deps),
      files: filesRouter(deps),
      albums: albumsRouter(deps),
      trash: trashRouter(deps),
    }),
    app,
    {
      responseValidation: config.responseValidation,
      requestValidationErrorHandler: (err, _req, _res, next) => next(validationError(err)),
    },
  );
  app.use('/api', (_req, _res, next) => next(new AppError('not_found', 'No such API route')));

  if (deps.blobs instanceof LocalBlobStore)
    app.use(localBlobRoutes(deps.blobs, db, deps.config.uploadLeaseMs, deps.config.downloadOffload));
  serveWebApp(app, config.webDist);
  app.use(observed.databaseErrors, errorHandler);
  return app;
}
