import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html for every client route, so a
 * reload of /albums/123 works.
 */
export function serveWebApp(app: Express, dist: string): void {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return;
  app.use('/assets', express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '365d' }));
  app.use(express.static(dist, { index: false }));
  app.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/blobs/')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
