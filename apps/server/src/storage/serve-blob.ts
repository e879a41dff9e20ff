import path from 'node:path';
import type { NextFunction, Response } from 'express';
import type { DownloadOffload } from '../config.ts';
import { servedAs } from './blob-store.ts';
import type { LocalBlobStore } from './local-blob-store.ts';

/**
 * The URI under which the proxy's internal location serves DATA_DIR/blobs when downloads are handed to it
 * (`X-Accel-Redirect`, README "Downloads through the proxy").
 */
export const offloadPrefix = '/_site_blobs/';

export interface ServedBlob {
  key: string;
  fileName?: string;
  contentType?: string;
  cacheControl: string;
}

/**
 * Answers a local blob with the headers that keep it from running on the site's origin (`servedAs`), sending
 * the bytes itself (`sendFile`: ranges, HEAD, conditional requests) or, with `offload`, only naming the file for
 * the proxy in front to send. The name comes from `pathOf`, which takes UUID keys only, so it never leaves the
 * blobs folder.
 */
export function serveLocalBlob(
  res: Response,
  next: NextFunction,
  store: LocalBlobStore,
  offload: DownloadOffload,
  { key, fileName, contentType, cacheControl }: ServedBlob,
) {
  const file = store.pathOf(key);
  const served = servedAs({ fileName, contentType });
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', 'sandbox');
  res.setHeader('Content-Disposition', served.disposition);
  res.setHeader('Content-Type', served.contentType);
  if (offload === 'off') {
    // sendFile answers Range requests (206, suffix and open-ended ranges), so a video seeks; a range beyond the
    // blob is a plain 416 with the `bytes */size` it set, not an error page.
    res.sendFile(file, (error?: Error & { status?: number; code?: string }) => {
      if (!error) return;
      if (error.status === 416 && !res.headersSent) return void res.status(416).end();
      // The browser went away (a reload, a thumbnail scrolled past, a video seeked elsewhere): nothing failed on
      // this side, and the request line already says it was aborted. Failures to read the file still go on.
      if (error.code === 'ECONNABORTED') return void res.req.log.debug({ key }, 'blob download aborted');
      next(error);
    });
    return;
  }
  if (offload === 'sendfile') res.setHeader('X-Sendfile', file);
  else
    res.setHeader(
      'X-Accel-Redirect',
      offloadPrefix + path.relative(store.dir, file).split(path.sep).join('/'),
    );
  res.end();
}
