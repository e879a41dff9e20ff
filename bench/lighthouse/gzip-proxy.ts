import { createServer } from 'node:http';
import { request } from 'node:http';
import { createGzip } from 'node:zlib';

const compressible = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg)/;

/**
 * A local proxy that gzips text answers on the fly, to measure the pages as they will be once the server
 * compresses its assets itself. Only for the benchmark.
 */
export function gzipProxy(target: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const gzip = compressible.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        const headers = { ...answer.headers };
        if (gzip) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        (gzip ? answer.pipe(createGzip()) : answer).pipe(res);
      },
    );
    req.pipe(forward);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
