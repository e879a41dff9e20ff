import { INSIDE, smoothCount } from './escape.ts';
import { CYCLE_TOLERANCE_SQUARED, perturbedEscape } from './perturb.ts';
import { scaledEscape } from './perturb-scaled.ts';
import perturbRowWasm from './perturb-row.wat';
import type { Reference } from './render-deep.ts';

/**
 * One row of a deep tile: pixel i is at offset dcr = ((x0 + i)·step + step/2 − width/2)·scale, dci from the
 * view's centre, both times 2^exponent. Fills `out[i]` with its smooth escape count, as {@link perturbedEscape}
 * gives it (or {@link scaledEscape} where the exponent is not 0).
 */
export interface DeepRowKernel {
  /** Takes the reference orbit the next rows are iterated against. */
  use(reference: Reference): void;
  row(
    x0: number,
    step: number,
    frameWidth: number,
    scale: number,
    exponent: number,
    dci: number,
    width: number,
    maxIterations: number,
    out: Float64Array,
  ): void;
}

/** The row in JavaScript, pixel by pixel. */
export function createDeepRowJs(): DeepRowKernel {
  let current: Reference | undefined;
  return {
    use(reference) {
      current = reference;
    },
    row(x0, step, frameWidth, scale, exponent, dci, width, maxIterations, out) {
      const { orbit, bla } = current as Reference;
      for (let i = 0; i < width; i++) {
        const dcr = ((x0 + i) * step + step / 2 - frameWidth / 2) * scale;
        out[i] =
          exponent === 0
            ? perturbedEscape(dcr, dci, orbit, bla, maxIterations)
            : scaledEscape(dcr, dci, exponent, orbit, bla, maxIterations);
      }
    },
  };
}

interface RowExports {
  memory: WebAssembly.Memory;
  perturbRow(
    x0: number,
    step: number,
    halfStep: number,
    halfWidth: number,
    scale: number,
    dci: number,
    width: number,
    maxIterations: number,
    last: number,
    top: number,
    tableAt: number,
    levelsAt: number,
    outAt: number,
    r2At: number,
    cycleTolerance2: number,
  ): void;
}

const PAGE = 65536;

/**
 * The row from perturb-row.wat, bit for bit the JavaScript one's numbers, about twice as fast; undefined where
 * WebAssembly may not be compiled (then use {@link createDeepRowJs}). Rows past doubles' range (an exponent)
 * are left to the JavaScript row.
 */
export function createDeepRowWasm(): DeepRowKernel | undefined {
  let exports: RowExports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(perturbRowWasm))
      .exports as unknown as RowExports;
  } catch {
    return undefined;
  }
  const { memory } = exports;
  const scaled = createDeepRowJs();
  let last = 0;
  let top = 0;
  let tableAt = 0;
  let levelsAt = 0;
  let outAt = 0;
  const ensure = (bytes: number) => {
    if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
  };
  return {
    use(reference) {
      scaled.use(reference);
      const { orbit, bla } = reference;
      last = orbit.length / 2 - 1;
      top = bla.counts.length - 1;
      tableAt = orbit.byteLength;
      levelsAt = tableAt + bla.table.byteLength;
      outAt = levelsAt + 8 * bla.counts.length;
      ensure(outAt);
      new Float64Array(memory.buffer, 0, orbit.length).set(orbit);
      new Float64Array(memory.buffer, tableAt, bla.table.length).set(bla.table);
      const levels = new Int32Array(memory.buffer, levelsAt, 2 * bla.counts.length);
      bla.counts.forEach((count, k) => {
        levels[2 * k] = bla.offsets[k] as number;
        levels[2 * k + 1] = count;
      });
    },
    row(x0, step, frameWidth, scale, exponent, dci, width, maxIterations, out) {
      if (exponent !== 0) {
        scaled.row(x0, step, frameWidth, scale, exponent, dci, width, maxIterations, out);
        return;
      }
      // Iterations (4 bytes each) first, then |z|² (8 bytes each) from an 8-aligned offset.
      const r2At = outAt + Math.ceil((4 * width) / 8) * 8;
      ensure(r2At + 8 * width);
      exports.perturbRow(
        x0,
        step,
        step / 2,
        frameWidth / 2,
        scale,
        dci,
        width,
        maxIterations,
        last,
        top,
        tableAt,
        levelsAt,
        outAt,
        r2At,
        CYCLE_TOLERANCE_SQUARED,
      );
      const iterations = new Int32Array(memory.buffer, outAt, width);
      const radii = new Float64Array(memory.buffer, r2At, width);
      for (let i = 0; i < width; i++) {
        const n = iterations[i] as number;
        out[i] = n < 0 ? INSIDE : smoothCount(n, radii[i] as number);
      }
    },
  };
}
