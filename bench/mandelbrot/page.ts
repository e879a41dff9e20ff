/**
 * Runs in the browser: times the app's worker pool against a plain loop on the
 * main thread, for the same frames. The pool, worker and render code are the
 * app's own modules.
 */
import { RenderPool } from '../../apps/web/src/demos/mandelbrot/pool.ts';
import { renderFrame, type FrameSpec } from '../../apps/web/src/demos/mandelbrot/render.ts';
import { defaultWorkerCount, spawnRenderWorker } from '../../apps/web/src/demos/mandelbrot/spawnWorker.ts';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DEFAULT_VIEW,
  maxIterationsFor,
  scaleOf,
  viewFromDecimals,
  viewFromNumbers,
  type View,
} from '../../apps/web/src/demos/mandelbrot/view.ts';
import { DEEP_SCENES } from './deep-scenes.ts';

/** Timings of one scene, in milliseconds. */
export interface SceneResult {
  name: string;
  workers: number;
  poolMs: number[];
  singleMs: number[];
  /** The pool's frame on a pool of one worker: the pool's kernel on one thread. */
  oneWorkerMs: number[];
  /** Time until the 1/8-resolution preview is on screen, with the app's two passes. */
  previewMs: number[];
  /** Pixels that differ between the pool's frame and the single-threaded one (must be 0). */
  mismatchedPixels: number;
}

const SCENES: { name: string; view: View }[] = [
  { name: 'default view', view: DEFAULT_VIEW },
  {
    name: 'deep view (seahorse valley, 25,000x)',
    view: viewFromNumbers(-0.743644, 0.131826, scaleOf(DEFAULT_VIEW) / 25_000),
  },
];

const canvas = document.getElementById('out') as HTMLCanvasElement;
const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;

function poolFrame(pool: RenderPool, frame: FrameSpec, steps: number[]): Promise<number> {
  return new Promise((resolve) => {
    let previewMs = 0;
    pool.render(frame, steps, {
      onTile(step, tile, pixels) {
        if (step === 1)
          ctx.putImageData(
            new ImageData(pixels as Uint8ClampedArray<ArrayBuffer>, tile.width, tile.height),
            tile.x,
            tile.y,
          );
      },
      onPassDone(step, elapsed) {
        if (step !== 1) previewMs = elapsed;
      },
      onFrameDone(elapsed) {
        resolve(steps.length > 1 ? previewMs : elapsed);
      },
    });
  });
}

function singleFrame(frame: FrameSpec): { ms: number; pixels: Uint8ClampedArray } {
  const start = performance.now();
  const pixels = renderFrame(frame);
  ctx.putImageData(new ImageData(pixels as Uint8ClampedArray<ArrayBuffer>, frame.width, frame.height), 0, 0);
  return { ms: performance.now() - start, pixels };
}

/**
 * How many cores the page really gets: the same frame on one single-worker pool,
 * then on `cores` such pools at once. On an idle machine this is close to
 * `cores`; when other programs keep the cores busy it drops, and so does any
 * speed-up the pool can show.
 */
async function parallelCapacity(maxIterations: number): Promise<number> {
  const cores = defaultWorkerCount();
  const pools = Array.from({ length: cores }, () => new RenderPool(spawnRenderWorker, 1));
  const frame: FrameSpec = { view: DEFAULT_VIEW, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, maxIterations };
  // Fresh workers compile the loop again: warm them up before timing.
  for (let i = 0; i < 3; i++) await Promise.all(pools.map((p) => poolFrame(p, frame, [1])));
  let alone = 0;
  let together = 0;
  for (let i = 0; i < 3; i++) {
    const t1 = performance.now();
    await poolFrame(pools[0] as RenderPool, frame, [1]);
    alone += performance.now() - t1;
    const t2 = performance.now();
    await Promise.all(pools.map((p) => poolFrame(p, frame, [1])));
    together += performance.now() - t2;
  }
  for (const p of pools) p.dispose();
  return (cores * alone) / together;
}

async function run(
  repeats: number,
  maxIterations: number,
): Promise<{ capacity: number; scenes: SceneResult[] }> {
  const pool = new RenderPool(spawnRenderWorker, defaultWorkerCount());
  const oneWorker = new RenderPool(spawnRenderWorker, 1);
  const results: SceneResult[] = [];
  for (const scene of SCENES) {
    const frame: FrameSpec = { view: scene.view, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, maxIterations };
    // Warm-up: starts the workers and lets the JIT compile the loop on every thread.
    for (let i = 0; i < 3; i++) {
      await poolFrame(pool, frame, [1]);
      await poolFrame(oneWorker, frame, [1]);
      singleFrame(frame);
    }
    const result: SceneResult = {
      name: scene.name,
      workers: pool.size,
      poolMs: [],
      singleMs: [],
      oneWorkerMs: [],
      previewMs: [],
      mismatchedPixels: 0,
    };
    for (let i = 0; i < repeats; i++) {
      result.poolMs.push(await poolFrame(pool, frame, [1]));
      result.singleMs.push(singleFrame(frame).ms);
      result.previewMs.push(await poolFrame(pool, frame, [8, 1]));
      result.oneWorkerMs.push(await poolFrame(oneWorker, frame, [1]));
    }
    const reference = singleFrame(frame).pixels;
    await poolFrame(pool, frame, [1]);
    const shown = ctx.getImageData(0, 0, frame.width, frame.height).data;
    for (let i = 0; i < shown.length; i += 4) {
      if (shown[i] !== reference[i] || shown[i + 1] !== reference[i + 1] || shown[i + 2] !== reference[i + 2])
        result.mismatchedPixels++;
    }
    results.push(result);
  }
  pool.dispose();
  oneWorker.dispose();
  return { capacity: await parallelCapacity(maxIterations), scenes: results };
}

/** Timings of the deep-zoom case: each deep frame is timed right after a shallow one, on the same pool. */
export interface DeepResult {
  name: string;
  zoom: string;
  maxIterations: number;
  deepMs: number[];
  shallowMs: number[];
  /** The last deep frame as a PNG data URL, to be looked at. */
  image: string;
}

/**
 * The app's whole frame (reference orbit, then the 1/8 preview and the full pass,
 * as the page draws it) for each deep scene, interleaved with the first view.
 */
async function runDeep(repeats: number): Promise<{ capacity: number; scenes: DeepResult[] }> {
  const pool = new RenderPool(spawnRenderWorker, defaultWorkerCount());
  const frameOf = (view: View): FrameSpec => ({
    view,
    width: CANVAS_WIDTH,
    height: CANVAS_HEIGHT,
    maxIterations: maxIterationsFor(view),
  });
  const shallow = frameOf(DEFAULT_VIEW);
  const timed = async (frame: FrameSpec) => {
    const start = performance.now();
    await poolFrame(pool, frame, [8, 1]);
    return performance.now() - start;
  };
  const results: DeepResult[] = [];
  for (const scene of DEEP_SCENES) {
    const deep = frameOf(viewFromDecimals(scene.re, scene.im, String(scaleOf(DEFAULT_VIEW) / scene.zoom)));
    for (let i = 0; i < 2; i++) {
      await timed(shallow);
      await timed(deep);
    }
    const result: DeepResult = {
      name: scene.name,
      zoom: scene.zoom.toExponential(0),
      maxIterations: deep.maxIterations,
      deepMs: [],
      shallowMs: [],
      image: '',
    };
    for (let i = 0; i < repeats; i++) {
      result.shallowMs.push(await timed(shallow));
      result.deepMs.push(await timed(deep));
    }
    result.image = canvas.toDataURL('image/png');
    results.push(result);
  }
  pool.dispose();
  return { capacity: await parallelCapacity(1000), scenes: results };
}

declare global {
  interface Window {
    runBenchmark: typeof run;
    runDeepBenchmark: typeof runDeep;
  }
}

window.runBenchmark = run;
window.runDeepBenchmark = runDeep;
