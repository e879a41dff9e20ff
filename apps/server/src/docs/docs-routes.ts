import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Router } from 'express';
import { docsCss, docsPage, docsStart } from './docs-page.ts';
import { buildOpenApiDocument } from './openapi.ts';

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * `GET /api/openapi.json` (OpenAPI 3.1 from the contract) and `GET /api/docs` (Swagger UI from the installed
 * swagger-ui-dist package, no CDN). Mounted at /api ahead of the session, since reading them needs none.
 */
export function docsRoutes(): Router {
  // Built on first request: most app instances (tests, most server lifetimes) never serve it.
  let document: string | undefined;
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').setHeader('Cache-Control', 'no-cache');
    res.send((document ??= JSON.stringify(buildOpenApiDocument())));
  });
  router.get('/docs', (_req, res) => {
    res.type('html').setHeader('Cache-Control', 'no-cache');
    res.send(docsPage);
  });
  router.get('/docs/start.js', (_req, res) => void res.type('text/javascript').send(docsStart));
  router.get('/docs/site.css', (_req, res) => void res.type('text/css').send(docsCss));
  // Only the two files the page loads: the package's own demo page would fetch a remote sample document.
  for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js'])
    router.get(`/docs/${file}`, (_req, res) => res.sendFile(file, { root: swaggerUiDir, maxAge: '1d' }));
  return router;
}
