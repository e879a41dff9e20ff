import { afterEach, describe, expect, it, vi } from 'vitest';
import { INSIDE } from './escape.ts';
import { createEscapeRowWasm, escapeRowJs, type EscapeRow, type RowSpec } from './escape-row.ts';
import { renderTile, type FrameSpec } from './render.ts';
import { centreOf, DEFAULT_VIEW, scaleOf, viewFromNumbers, type View } from './view.ts';

const simd = createEscapeRowWasm() as EscapeRow;

/** Both kernels on the same row; returns the SIMD values and the JavaScript ones. */
function bothRows(...row: RowSpec) {
  const width = row[4];
  const wasm = new Float64Array(width);
  const js = new Float64Array(width);
  simd(...row, wasm);
  escapeRowJs(...row, js);
  return { wasm: Array.from(wasm), js: Array.from(js) };
}

/** Rows of a view at 200 pixels across, every `every`-th of its 150. */
function rowsOf(view: View, every: number): { left: number; stride: number; cy: number }[] {
  const [centerRe, centerIm] = centreOf(view);
  const stride = (scaleOf(view) * 800) / 200;
  const left = centerRe - 100 * stride;
  return Array.from({ length: Math.ceil(150 / every) }, (_, k) => ({
    left,
    stride,
    cy: centerIm + (75 - k * every) * stride,
  }));
}

describe('the SIMD escape row', () => {
  it('is available where WebAssembly SIMD is (Node 20 and every current browser)', () => {
    expect(simd).toBeTypeOf('function');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is not offered where WebAssembly may not be compiled, so the workers use JavaScript', () => {
    const { CompileError, Instance } = WebAssembly;
    vi.stubGlobal('WebAssembly', {
      CompileError,
      Instance,
      Module: function () {
        throw new CompileError('violates the directive "script-src \'self\'"');
      },
    });
    expect(createEscapeRowWasm()).toBeUndefined();
  });

  it.each([
    ['the whole set', DEFAULT_VIEW, 1000],
    [
      'seahorse valley at 25,000x',
      viewFromNumbers(-0.743644, 0.131826, scaleOf(DEFAULT_VIEW) / 25_000),
      1000,
    ],
    ['a period-3 bulb, caught by cycle detection', viewFromNumbers(-0.12, 0.74, 0.0004), 5000],
    ['elephant valley at high iterations', viewFromNumbers(0.2925, 0.0149, 1e-5), 3000],
  ])('gives exactly the JavaScript values on %s', (_name, view, maxIterations) => {
    let escaped = 0;
    let inside = 0;
    for (const row of rowsOf(view, 3)) {
      const { wasm, js } = bothRows(row.left, 0, row.stride, row.cy, 200, maxIterations);
      expect(wasm).toEqual(js);
      escaped += js.filter((v) => v !== INSIDE).length;
      inside += js.filter((v) => v === INSIDE).length;
    }
    // Each view has points of both outcomes.
    expect(escaped).toBeGreaterThan(0);
    expect(inside).toBeGreaterThan(0);
  });

  it('stops at every iteration limit exactly as the JavaScript loop does, around its chunks of eight', () => {
    const [row] = rowsOf(DEFAULT_VIEW, 1).slice(60);
    for (const limit of [0, 1, 2, 7, 8, 9, 15, 16, 17, 24, 63, 100]) {
      const { wasm, js } = bothRows(row!.left, 0, row!.stride, row!.cy, 200, limit);
      expect(wasm).toEqual(js);
    }
  });

  it('handles rows of any width and offset, touching nothing past the row', () => {
    for (const width of [1, 2, 3, 4, 5, 6, 7, 9, 801]) {
      const out = new Float64Array(width + 3).fill(42);
      simd(-2, 5, 0.004, 0.3, width, 500, out);
      const js = new Float64Array(width);
      escapeRowJs(-2, 5, 0.004, 0.3, width, 500, js);
      expect(Array.from(out.subarray(0, width))).toEqual(Array.from(js));
      expect(Array.from(out.subarray(width))).toEqual([42, 42, 42]);
    }
  });

  it('grows its memory for rows wider than one page holds', () => {
    const { wasm, js } = bothRows(-2.5, 0, 3.5 / 6000, 0.01, 6000, 200);
    expect(wasm).toEqual(js);
  });

  it('renders the same tile pixels as the JavaScript kernel', () => {
    const frame: FrameSpec = { view: DEFAULT_VIEW, width: 160, height: 120, maxIterations: 400 };
    const tile = { x: 0, y: 30, width: 160, height: 40 };
    expect(renderTile(frame, 1, tile, simd)).toEqual(renderTile(frame, 1, tile, escapeRowJs));
  });
});
