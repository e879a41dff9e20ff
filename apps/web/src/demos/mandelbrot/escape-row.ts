import { INSIDE, smoothCount, smoothEscape } from './escape.ts';
import escapeRowWasm from './escape-row.wat';

/** One row of pixels: pixel i is the point c = (left + (x0 + i) * stride) + cy·i, for i < width. */
export type RowSpec = [
  left: number,
  x0: number,
  stride: number,
  cy: number,
  width: number,
  maxIterations: number,
];

/** Fills `out[i]` with the smooth escape count ({@link smoothEscape}) of pixel i of the row. */
export type EscapeRow = (...args: [...RowSpec, out: Float64Array]) => void;

/** The row computed pixel by pixel in JavaScript. */
export const escapeRowJs: EscapeRow = (left, x0, stride, cy, width, maxIterations, out) => {
  for (let i = 0; i < width; i++) out[i] = smoothEscape(left + (x0 + i) * stride, cy, maxIterations);
};

interface RowExports {
  memory: WebAssembly.Memory;
  /** Writes pixel i's escape iteration (-1 inside) as an i32 at byte 4i and its |z|² as an f64 at r2At + 8i. */
  escapeRow(...args: [...RowSpec, r2At: number]): void;
}

const PAGE = 65536;

/**
 * The same row from escape-row.wat, four pixels at a time in SIMD lanes, with results identical to
 * {@link escapeRowJs}; undefined where the browser has no WebAssembly SIMD or the page's content security
 * policy forbids compiling it (then use the JavaScript row).
 */
export function createEscapeRowWasm(): EscapeRow | undefined {
  let exports: RowExports;
  try {
    exports = new WebAssembly.Instance(new WebAssembly.Module(escapeRowWasm))
      .exports as unknown as RowExports;
  } catch {
    return undefined;
  }
  const { memory } = exports;
  let capacity = 0;
  let iterations = new Int32Array(0);
  let radii = new Float64Array(0);
  return (left, x0, stride, cy, width, maxIterations, out) => {
    if (width > capacity) {
      // Iteration counts (4 bytes each) first, then |z|² (8 bytes each) from an 8-aligned offset.
      const bytes = 12 * width + 8;
      if (bytes > memory.buffer.byteLength) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / PAGE));
      capacity = width;
      iterations = new Int32Array(memory.buffer, 0, width);
      radii = new Float64Array(memory.buffer, r2Offset(width), width);
    }
    exports.escapeRow(left, x0, stride, cy, width, maxIterations, r2Offset(capacity));
    for (let i = 0; i < width; i++) {
      const n = iterations[i] as number;
      out[i] = n < 0 ? INSIDE : smoothCount(n, radii[i] as number);
    }
  };
}

function r2Offset(width: number): number {
  return Math.ceil((4 * width) / 8) * 8;
}
