import type { Request } from 'express';

/** The caller's address, for per-client limits (behind TRUST_PROXY proxies it comes from X-Forwarded-For). */
export const clientAddress = (req: Request) => req.ip ?? 'unknown';
