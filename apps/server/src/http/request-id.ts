import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a caller's X-Request-Id may look like to be kept: short, and safe in a log line and a header. */
const wellFormed = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of one request: the caller's `X-Request-Id` when well formed (so a proxy's id follows the request
 * through), else a new UUID. It is answered in the `X-Request-Id` header; request-logger.ts puts it on every log line.
 */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && wellFormed.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}
