import { errorChain } from '../http/error-chain.ts';
import { unreachableSocketCodes } from '../http/unreachable-codes.ts';

/**
 * Connection-level failures of pg and Node's sockets: the database is out of reach, not the query at fault.
 * PostgreSQL's own: shutting down (57P01), crashed (57P02), starting up (57P03).
 */
const socketCodes = new Set([...unreachableSocketCodes, '57P01', '57P02', '57P03']);
/** Prisma: can't reach the server (P1001), connection closed (P1017), pool timeout (P2024). */
const prismaCodes = new Set(['P1001', 'P1017', 'P2024']);
/**
 * Prisma's driver adapter's kinds of error for the same: a raw query whose connection broke fails as P2010 with
 * only `meta.driverAdapterError.cause.kind` to tell (a reset connection is `ConnectionClosed`, its ECONNRESET gone).
 */
const adapterKinds = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
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
  for (const { code, errorCode, kind, message } of errorChain(err)) {
    for (const c of [code, errorCode]) {
      if (typeof c === 'string' && (socketCodes.has(c) || prismaCodes.has(c))) return true;
    }
    if (typeof kind === 'string' && adapterKinds.has(kind)) return true;
    if (typeof message === 'string' && messages.some((m) => m.test(message))) return true;
  }
  return false;
}
