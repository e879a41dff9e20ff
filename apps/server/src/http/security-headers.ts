import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * helmet's headers with the site's content security policy. No directive depends on the request (no nonces), so
 * helmet runs once here and every answer gets the headers it set: helmet's twelve middlewares each request cost
 * about as much as the rest of a health check.
 */
export function securityHeaders(config: Config): RequestHandler {
  // Browsers reach the store at its public endpoint (presigned URLs are signed for it).
  const s3 =
    config.storage.kind === 's3' && config.storage.publicEndpoint ? [config.storage.publicEndpoint] : [];
  const { set, removed } = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // WebAssembly may be compiled (the Mandelbrot kernel); JavaScript eval stays forbidden.
          'script-src': ["'self'", "'wasm-unsafe-eval'"],
          'img-src': ["'self'", 'data:', 'blob:', ...s3],
          'connect-src': ["'self'", ...s3],
          // Album videos play from the store, and from the picked file itself while their poster is made.
          'media-src': ["'self'", 'blob:', ...s3],
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
    }),
  );
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** What a header-setting middleware does to an answer, recorded on a stand-in for one. */
function headersOf(middleware: ReturnType<typeof helmet>) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = {
    setHeader: (name: string, value: string) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw new Error('helmet refused its options', { cause: err });
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return { set, removed };
}
