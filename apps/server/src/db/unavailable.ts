import { unreachableSocketCodes } from '../http/unreachable-codes.ts';

/** Connection-level failures of pg and Node's sockets: the database is out of reach, not the query at fault. */
const socketCodes = new Set([...unreachableSocketCodes, '57P01']);
/** Prisma: can't reach the server (P1001), connection closed (P1017), pool timeout (P2024). */
const prismaCodes = new Set(['P1001', 'P1017', 'P2024']);
const messages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (?:refused|reset)/i,
  /can't reach database server/i,
  /server closed the connection/i,
  /client has encountered a connection error/i,
];

/**
 * Whether `err` (or anything in its cause chain) says the database could not be reached, as opposed to a query
 * the database refused. Such failures answer 503 and must never look like "logged out" or "csrf".
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const { code, errorCode, message, cause } = e as {
      code?: unknown;
      errorCode?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    for (const c of [code, errorCode]) {
      if (typeof c === 'string' && (socketCodes.has(c) || prismaCodes.has(c))) return true;
    }
    if (typeof message === 'string' && messages.some((m) => m.test(message))) return true;
    e = cause;
  }
  return false;
}
