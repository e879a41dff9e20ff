import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** helmet's headers with the site's content security policy. */
export function securityHeaders(config: Config): RequestHandler {
  const s3 = config.storage.kind === 's3' && config.storage.endpoint ? [config.storage.endpoint] : [];
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
