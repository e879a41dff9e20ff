/// <reference lib="webworker" />
import type { KernelName, ReferenceResult, TileRequest, TileResult, WorkerRequest } from './protocol.ts';
import { createEscapeRowWasm, escapeRowJs } from './escape-row.ts';
import { referenceOrbit } from './reference.ts';
import { renderTile } from './render.ts';
import { createDeepRowJs, createDeepRowWasm } from './perturb-row.ts';
import { prepareReference, renderDeepTile } from './render-deep.ts';
import { needsPerturbation, scaleLog2, SCALED_BELOW_LOG2 } from './view.ts';

declare const self: DedicatedWorkerGlobalScope;

const simd = createEscapeRowWasm();
const escapeRow = simd ?? escapeRowJs;
const kernel: KernelName = simd ? 'WebAssembly SIMD' : 'JavaScript';
const deepWasm = createDeepRowWasm();
const deepRow = deepWasm ?? createDeepRowJs();
const deepKernel: KernelName = deepWasm ? 'perturbation, WebAssembly' : 'perturbation, JavaScript';

/**
 * Tiles wait here instead of being rendered inside the message handler, so that a
 * cancel message that arrives while a tile is being rendered is seen before the
 * next queued tile starts.
 */
let queue: TileRequest[] = [];
let cancelledBefore = 0;
let scheduled = false;
const tick = new MessageChannel();
/** The generation of the latest deep frame, whose reference orbit (sent before its tiles) `deepRow` holds. */
let referenceGeneration = -1;

function reply(job: TileRequest, values: ArrayBuffer | null, used: KernelName = kernel): void {
  const result: TileResult = {
    type: 'tile',
    generation: job.generation,
    step: job.step,
    tile: job.tile,
    values,
    kernel: used,
  };
  self.postMessage(result, values ? [values] : []);
}

function render(job: TileRequest): void {
  if (!needsPerturbation(job.frame.view)) {
    reply(job, renderTile(job.frame, job.step, job.tile, escapeRow).buffer as ArrayBuffer);
    return;
  }
  if (referenceGeneration !== job.generation)
    throw new Error('a deep tile arrived before its reference orbit');
  const values = renderDeepTile(job.frame, job.step, job.tile, deepRow);
  // Offsets past doubles' range are iterated scaled, in JavaScript only.
  const used = scaleLog2(job.frame.view) < SCALED_BELOW_LOG2 ? 'perturbation, JavaScript' : deepKernel;
  reply(job, values.buffer as ArrayBuffer, used);
}

function runNext(): void {
  scheduled = false;
  const job = queue.shift();
  if (!job) return;
  render(job);
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
  switch (message.type) {
    case 'cancel': {
      cancelledBefore = Math.max(cancelledBefore, message.generation);
      const stale = queue.filter((job) => job.generation < cancelledBefore);
      queue = queue.filter((job) => job.generation >= cancelledBefore);
      for (const job of stale) reply(job, null);
      return;
    }
    case 'reference': {
      const orbit = referenceOrbit(message.frame.view, message.frame.maxIterations);
      const result: ReferenceResult = { type: 'reference', generation: message.generation, orbit };
      self.postMessage(result, [orbit.buffer]);
      return;
    }
    case 'orbit':
      deepRow.use(prepareReference(message.frame, message.orbit));
      referenceGeneration = message.generation;
      return;
    case 'tile':
      if (message.generation < cancelledBefore) {
        reply(message, null);
        return;
      }
      queue.push(message);
      schedule();
  }
};
