import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** helmet's headers with the site's content security policy. */
export function securityHeaders(config: Config): RequestHandler {
  // Browsers reach the store at its public endpoint (presigned URLs are signed for it).
  const s3 =
    config.storage.kind === 's3' && config.storage.publicEndpoint ? [config.storage.publicEndpoint] : [];
  return helmet({
    contentSecurityPolicy: {
      directives: {
        // WebAssembly may be compiled (the Mandelbrot kernel); JavaScript eval stays forbidden.
        'script-src': ["'self'", "'wasm-unsafe-eval'"],
        'img-src': ["'self'", 'data:', 'blob:', ...s3],
        'connect-src': ["'self'", ...s3],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
  });
}
