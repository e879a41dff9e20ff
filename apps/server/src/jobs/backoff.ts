/**
 * How long to wait before the next try after `attempts` failed ones: doubling from `baseMs` up to `maxMs`, with
 * jitter (half to the full delay) so jobs that failed together do not all come back together.
 */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (full / 2) * random());
}
