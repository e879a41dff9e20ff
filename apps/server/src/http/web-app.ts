import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import { sendsMemberCookie } from '../auth/member-cookie.ts';

/** Precompressed copies the build writes beside each file (apps/web/build/compress-plugin.ts), best first. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends `relative` (a path inside `dist`) as its best precompressed copy the browser accepts, else as it is, with
 * the original's Content-Type. The set of copies is read once: the build does not change under a running server.
 */
function precompressedSender(dist: string) {
  const files = new Set(
    readdirSync(dist, { recursive: true }).map((f) => String(f).split(path.sep).join('/')),
  );
  const send = (req: Request, res: Response, relative: string, headers: Record<string, string>) => {
    res.vary('Accept-Encoding');
    // The smallest copy the browser takes at all: browsers list gzip first, yet take br as readily.
    const encoding = encodings.find(
      (e) => files.has(relative + e.suffix) && req.acceptsEncodings(e.name) === e.name,
    );
    if (encoding) {
      res.type(path.extname(relative));
      res.setHeader('Content-Encoding', encoding.name);
    }
    res.sendFile(path.join(dist, relative + (encoding?.suffix ?? '')), { headers, cacheControl: false });
  };
  return { has: (relative: string) => files.has(relative), send };
}

/** The page the build prerendered for a route (apps/web/build/prerender-plugin.ts): / in prerendered/index.html. */
const prerendered = (route: string) => `prerendered${route === '/' ? '/index' : route}.html`;

/**
 * Serves the built web app: hashed assets cached for a year as immutable, index.html for every client route
 * (revalidated each time, so a deploy shows at once) and so a reload of /albums/123 works. A visitor without a
 * session gets a public page (home, log in, the games and demos) as the build prerendered it, the screen drawn
 * before any script runs; a member gets index.html, as their pages depend on who they are (it lists each screen's
 * code and first reads, for the browser to preload). Each comes as brotli or gzip when the browser takes it. Only
 * the public pages are for search engines.
 */
export function serveWebApp(app: Express, dist: string): void {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) return;
  const { has, send } = precompressedSender(dist);
  const immutable = { 'Cache-Control': 'public, max-age=31536000, immutable' };
  app.get('/assets/{*file}', (req, res) => {
    // Only files the build wrote are served from here, so no request path can reach outside it. A file this
    // build lacks (a chunk of the build before a deploy) is a 404, not the page in place of a script.
    const relative = req.path.slice(1);
    if (!has(relative)) return void res.status(404).type('text/plain').send('Not Found\n');
    send(req, res, relative, immutable);
  });
  app.use(express.static(dist, { index: false }));
  app.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/blobs/')) return next();
    res.vary('Cookie');
    const page = prerendered(req.path);
    const visitor = !sendsMemberCookie(req);
    // A query (an invitation's address, a page to go on to) changes what the page shows; the build drew none.
    const asBuilt = has(page) && visitor && !req.originalUrl.includes('?');
    const headers: Record<string, string> = { 'Cache-Control': 'no-cache' };
    // A search engine comes as a visitor, and what a visitor gets anywhere but a public page (a member's page
    // showing Log in, an invitation's address, a path that is no page) is kept out of its index. robots.txt lets
    // crawlers fetch these addresses so that they read this: a Disallow there would keep them from ever seeing it,
    // and an address linked from elsewhere could still be listed.
    if (visitor && !asBuilt) headers['X-Robots-Tag'] = 'noindex';
    send(req, res, asBuilt ? page : 'index.html', headers);
  });
}
