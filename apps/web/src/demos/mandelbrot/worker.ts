/// <reference lib="webworker" />
import type { KernelName, TileRequest, TileResult, WorkerRequest } from './protocol.ts';
import { createEscapeRowWasm, escapeRowJs } from './escape-row.ts';
import { renderTile } from './render.ts';

declare const self: DedicatedWorkerGlobalScope;

const simd = createEscapeRowWasm();
const escapeRow = simd ?? escapeRowJs;
const kernel: KernelName = simd ? 'WebAssembly SIMD' : 'JavaScript';

/**
 * Tiles wait here instead of being rendered inside the message handler, so that a
 * cancel message that arrives while a tile is being rendered is seen before the
 * next queued tile starts.
 */
let queue: TileRequest[] = [];
let cancelledBefore = 0;
let scheduled = false;
const tick = new MessageChannel();

function reply(job: TileRequest, pixels: ArrayBuffer | null): void {
  const result: TileResult = {
    type: 'tile',
    generation: job.generation,
    step: job.step,
    tile: job.tile,
    pixels,
    kernel,
  };
  self.postMessage(result, pixels ? [pixels] : []);
}

function runNext(): void {
  scheduled = false;
  const job = queue.shift();
  if (!job) return;
  reply(job, renderTile(job.frame, job.step, job.tile, escapeRow).buffer as ArrayBuffer);
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  tick.port2.postMessage(null);
}

tick.port1.onmessage = runNext;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message.type === 'cancel') {
    cancelledBefore = Math.max(cancelledBefore, message.generation);
    const stale = queue.filter((job) => job.generation < cancelledBefore);
    queue = queue.filter((job) => job.generation >= cancelledBefore);
    for (const job of stale) reply(job, null);
    return;
  }
  if (message.generation < cancelledBefore) {
    reply(message, null);
    return;
  }
  queue.push(message);
  schedule();
};
