import type {
  KernelName,
  ReferenceResult,
  TileRequest,
  TileResult,
  WorkerRequest,
  WorkerResult,
} from './protocol.ts';
import type { FrameSpec } from './render.ts';
import { centreFirst, passSize, rowsPerTile, splitRows, type Tile } from './tiles.ts';
import { needsPerturbation } from './view.ts';

/** The part of a Web Worker the pool uses; tests pass a fake. */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void;
  onmessage: ((event: MessageEvent<WorkerResult>) => void) | null;
  terminate(): void;
}

/** Receives the pieces of one frame as they arrive. */
export interface FrameCallbacks {
  /** A finished tile of the pass that samples every `step`-th pixel: its smooth escape counts. */
  onTile(step: number, tile: Tile, values: Float64Array): void;
  /** Every tile of that pass has arrived. */
  onPassDone?(step: number, elapsedMs: number): void;
  /** The last pass has arrived, computed by the workers' `kernel`. */
  onFrameDone?(elapsedMs: number, kernel: KernelName): void;
}

/**
 * Tiles handed to each worker ahead of time, so a worker never waits for the
 * round trip to the main thread between two tiles.
 */
const IN_FLIGHT_PER_WORKER = 2;

interface Slot {
  readonly worker: WorkerLike;
  inFlight: number;
}

/**
 * A fixed set of workers that render frames tile by tile. Starting a frame
 * cancels the one in progress: its queued tiles are dropped by the workers and
 * any of its results still arriving are ignored (matched by generation id).
 * A frame too deep for doubles first has one worker compute the reference orbit
 * of its centre, once, which every worker then receives before the tiles.
 */
export class RenderPool {
  private readonly slots: Slot[];
  private generation = 0;
  private frame: FrameSpec | undefined;
  private steps: readonly number[] = [];
  private passIndex = 0;
  private pending: Tile[] = [];
  private outstanding = 0;
  private startedAt = 0;
  private callbacks: FrameCallbacks | undefined;

  constructor(createWorker: () => WorkerLike, size: number) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => {
      const slot: Slot = { worker: createWorker(), inFlight: 0 };
      slot.worker.onmessage = (event) => this.receive(slot, event.data);
      return slot;
    });
  }

  /** Number of workers. */
  get size(): number {
    return this.slots.length;
  }

  /**
   * Starts rendering `frame` in passes, coarse to fine (e.g. steps [8, 1]): a pass
   * starts when the previous one is complete, so a fine tile is never painted
   * over by a coarse one. Returns the frame's generation id.
   */
  render(frame: FrameSpec, steps: readonly number[], callbacks: FrameCallbacks): number {
    this.generation += 1;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'cancel', generation: this.generation });
    this.frame = frame;
    this.steps = steps;
    this.callbacks = callbacks;
    this.startedAt = performance.now();
    this.pending = [];
    if (needsPerturbation(frame.view)) {
      (this.slots[0] as Slot).worker.postMessage({ type: 'reference', generation: this.generation, frame });
    } else {
      this.startPass(0);
    }
    return this.generation;
  }

  /** Stops the frame in progress; nothing more of it is reported. */
  cancel(): void {
    this.generation += 1;
    this.pending = [];
    this.callbacks = undefined;
    for (const slot of this.slots) slot.worker.postMessage({ type: 'cancel', generation: this.generation });
  }

  /** Terminates the workers. */
  dispose(): void {
    this.cancel();
    for (const slot of this.slots) slot.worker.terminate();
  }

  private startPass(index: number): void {
    const frame = this.frame;
    const step = this.steps[index];
    if (!frame || step === undefined) return;
    this.passIndex = index;
    const size = passSize(frame.width, frame.height, step);
    const rows = rowsPerTile(size.height, this.slots.length);
    this.pending = centreFirst(splitRows(size.width, size.height, rows), size.width, size.height);
    this.outstanding = this.pending.length;
    this.pump();
  }

  private pump(): void {
    const frame = this.frame;
    const step = this.steps[this.passIndex];
    if (!frame || step === undefined) return;
    for (const slot of this.slots) {
      while (slot.inFlight < IN_FLIGHT_PER_WORKER && this.pending.length > 0) {
        const tile = this.pending.shift() as Tile;
        const request: TileRequest = { type: 'tile', generation: this.generation, frame, step, tile };
        slot.inFlight += 1;
        slot.worker.postMessage(request);
      }
    }
  }

  private receive(slot: Slot, result: WorkerResult): void {
    if (result.type === 'reference') {
      this.receiveReference(result);
      return;
    }
    this.receiveTile(slot, result);
  }

  private receiveReference(result: ReferenceResult): void {
    const frame = this.frame;
    if (result.generation !== this.generation || !frame || !this.callbacks) return;
    for (const slot of this.slots) {
      slot.worker.postMessage({ type: 'orbit', generation: this.generation, frame, orbit: result.orbit });
    }
    this.startPass(0);
  }

  private receiveTile(slot: Slot, result: TileResult): void {
    slot.inFlight -= 1;
    const callbacks = this.callbacks;
    if (result.generation === this.generation && result.values && callbacks) {
      callbacks.onTile(result.step, result.tile, new Float64Array(result.values));
      this.outstanding -= 1;
      if (this.outstanding === 0) {
        const elapsed = performance.now() - this.startedAt;
        callbacks.onPassDone?.(result.step, elapsed);
        if (this.passIndex + 1 < this.steps.length) {
          this.startPass(this.passIndex + 1);
          return;
        }
        this.callbacks = undefined;
        callbacks.onFrameDone?.(elapsed, result.kernel);
        return;
      }
    }
    this.pump();
  }
}
