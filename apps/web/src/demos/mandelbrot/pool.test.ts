import { describe, expect, it } from 'vitest';
import { RenderPool, type WorkerLike } from './pool.ts';
import type { ReferenceRequest, TileRequest, WorkerRequest, WorkerResult } from './protocol.ts';
import { DEFAULT_VIEW, scaleOf, viewFromDecimals, viewFromNumbers } from './view.ts';

/** A worker stand-in that holds requests until the test lets it answer them. */
class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerResult>) => void) | null = null;
  queue: TileRequest[] = [];
  /** Reference orbits asked for and not yet answered. */
  references: ReferenceRequest[] = [];
  cancelledBefore = 0;
  received: WorkerRequest[] = [];

  postMessage(message: WorkerRequest): void {
    this.received.push(message);
    if (message.type === 'cancel') {
      this.cancelledBefore = message.generation;
      const stale = this.queue.filter((j) => j.generation < message.generation);
      this.queue = this.queue.filter((j) => j.generation >= message.generation);
      // Mirrors worker.ts: dropped tiles are answered without values.
      for (const job of stale) this.answer(job, null);
      return;
    }
    if (message.type === 'reference') this.references.push(message);
    if (message.type === 'tile') this.queue.push(message);
  }

  /** Answers the oldest reference request with a two-point orbit. */
  answerReference(): void {
    const request = this.references.shift();
    if (!request) return;
    const result: WorkerResult = {
      type: 'reference',
      generation: request.generation,
      orbit: new Float64Array(4),
    };
    this.onmessage?.({ data: result } as MessageEvent<WorkerResult>);
  }

  /** Finishes the oldest queued tile. */
  step(): boolean {
    const job = this.queue.shift();
    if (!job) return false;
    this.answer(job, new ArrayBuffer(job.tile.width * job.tile.height * 8));
    return true;
  }

  answer(job: TileRequest, values: ArrayBuffer | null): void {
    const result: WorkerResult = {
      type: 'tile',
      generation: job.generation,
      step: job.step,
      tile: job.tile,
      values,
      kernel: 'WebAssembly SIMD',
    };
    this.onmessage?.({ data: result } as MessageEvent<WorkerResult>);
  }

  terminate(): void {}
}

function setup(size: number) {
  const workers: FakeWorker[] = [];
  const pool = new RenderPool(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  }, size);
  const runAll = () => {
    while (workers.some((w) => w.step()));
  };
  return { pool, workers, runAll };
}

const frame = { view: DEFAULT_VIEW, width: 80, height: 60, maxIterations: 100 };

describe('render pool', () => {
  it('paints every row of every pass exactly once, coarse pass first', () => {
    const { pool, runAll } = setup(3);
    const painted: Record<number, number> = {};
    const order: number[] = [];
    let doneBy: string | undefined;
    pool.render(frame, [8, 1], {
      onTile(step, tile) {
        painted[step] = (painted[step] ?? 0) + tile.height;
        order.push(step);
      },
      onFrameDone: (_elapsed, kernel) => (doneBy = kernel),
    });
    runAll();
    expect(painted).toEqual({ 8: 8, 1: 60 });
    expect(order.indexOf(1)).toBeGreaterThan(order.lastIndexOf(8));
    expect(doneBy).toBe('WebAssembly SIMD');
  });

  it('shares the tiles among all workers', () => {
    const { pool, workers } = setup(4);
    pool.render(frame, [1], { onTile() {} });
    for (const w of workers) expect(w.queue.length).toBeGreaterThan(0);
  });

  it('drops a cancelled frame: its queued tiles are never rendered and late results are ignored', () => {
    const { pool, workers, runAll } = setup(2);
    const first: number[] = [];
    pool.render(frame, [1], { onTile: (_s, tile) => first.push(tile.y) });
    const worker = workers[0] as FakeWorker;
    const inProgress = worker.queue.shift() as TileRequest;
    let secondDone = false;
    pool.render({ ...frame, view: viewFromNumbers(-0.6, 0, scaleOf(DEFAULT_VIEW) / 2) }, [1], {
      onTile() {},
      onFrameDone: () => (secondDone = true),
    });
    expect(workers.every((w) => w.queue.every((j) => j.generation === 2))).toBe(true);
    worker.answer(inProgress, new ArrayBuffer(inProgress.tile.width * inProgress.tile.height * 4));
    runAll();
    expect(first).toEqual([]);
    expect(secondDone).toBe(true);
  });

  it('reports nothing after cancel', () => {
    const { pool, runAll } = setup(2);
    let tiles = 0;
    pool.render(frame, [8, 1], { onTile: () => (tiles += 1) });
    pool.cancel();
    runAll();
    expect(tiles).toBe(0);
  });

  it("sends a deep frame's tiles only after every worker has the reference orbit one worker computed", () => {
    const { pool, workers, runAll } = setup(3);
    const deep = { ...frame, view: viewFromDecimals('-0.75', '0.1', '1e-40') };
    let done = false;
    pool.render(deep, [8, 1], { onTile() {}, onFrameDone: () => (done = true) });
    const [first, ...others] = workers as [FakeWorker, ...FakeWorker[]];
    expect(first.references).toHaveLength(1);
    expect(others.every((w) => w.references.length === 0)).toBe(true);
    expect(workers.every((w) => w.queue.length === 0)).toBe(true);

    first.answerReference();
    for (const w of workers) {
      const kinds = w.received.map((m) => m.type).filter((t) => t !== 'cancel' && t !== 'reference');
      expect(kinds[0]).toBe('orbit');
      expect(kinds.slice(1).every((t) => t === 'tile')).toBe(true);
    }
    runAll();
    expect(done).toBe(true);
  });

  it('ignores the reference orbit of a frame that was replaced while it was computed', () => {
    const { pool, workers } = setup(2);
    pool.render({ ...frame, view: viewFromDecimals('-0.75', '0.1', '1e-40') }, [1], { onTile() {} });
    pool.render(frame, [1], { onTile() {} });
    (workers[0] as FakeWorker).answerReference();
    expect(workers.every((w) => w.received.every((m) => m.type !== 'orbit'))).toBe(true);
  });
});
