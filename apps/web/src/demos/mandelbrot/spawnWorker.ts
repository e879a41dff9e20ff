import type { WorkerLike } from './pool.ts';

/** Starts one render worker; the URL form lets Vite bundle worker.ts as a worker chunk. */
export function spawnRenderWorker(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
}

/** One worker per logical core the browser reports (4 when it does not say), at most 16. */
export function defaultWorkerCount(): number {
  const cores = typeof navigator === 'undefined' ? 4 : navigator.hardwareConcurrency || 4;
  return Math.min(16, Math.max(1, cores));
}
