import { buildBla, type BlaTable } from './bla.ts';
import { INSIDE } from './escape.ts';
import { buildPalette, INSIDE_INDEX, paletteIndex } from './palette.ts';
import { createDeepRowJs, type DeepRowKernel } from './perturb-row.ts';
import type { FrameSpec } from './render.ts';
import type { Tile } from './tiles.ts';
import { scaleLog2, scaleOf, scaleParts, SCALED_BELOW_LOG2 } from './view.ts';

/** A frame's reference orbit (of the view's centre) with its approximation table. */
export interface Reference {
  readonly orbit: Float64Array;
  readonly bla: BlaTable;
}

/** Largest distance of a pixel centre from the canvas centre, in the complex plane. */
export function maxOffset(frame: FrameSpec): number {
  return (Math.hypot(frame.width, frame.height) / 2) * scaleOf(frame.view);
}

/** Prepares a reference orbit (from `referenceOrbit`) for rendering `frame`'s tiles. */
export function prepareReference(frame: FrameSpec, orbit: Float64Array): Reference {
  return { orbit, bla: buildBla(orbit, maxOffset(frame)) };
}

let palette: Uint32Array | undefined;
let rowValues = new Float64Array(0);

/**
 * {@link renderTile} for views too deep for doubles: each pixel is iterated as
 * an offset from the reference orbit of the view's centre (perturb.ts), the
 * offset being the pixel's distance from the centre, which a double holds exactly
 * enough down to about 1e-271, and a double with an exponent of its own below that (perturb-scaled.ts). `kernel` must have been given `reference` (`use`).
 */
export function renderDeepTile(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  kernel: DeepRowKernel,
): Uint8ClampedArray {
  palette ??= buildPalette();
  const colours = palette;
  const { width, height, maxIterations } = frame;
  // Past doubles' range the offsets are mantissa·2^exponent, the kernel told the exponent; else the exponent is 0.
  const parts = scaleLog2(frame.view) < SCALED_BELOW_LOG2 ? scaleParts(frame.view) : undefined;
  const scale = parts ? parts.mantissa : scaleOf(frame.view);
  const exponent = parts ? parts.exponent : 0;
  const pixels = new Uint32Array(tile.width * tile.height);
  if (rowValues.length < tile.width) rowValues = new Float64Array(tile.width);
  const values = rowValues;
  let o = 0;
  for (let j = 0; j < tile.height; j++) {
    const dci = -((tile.y + j) * step + step / 2 - height / 2) * scale;
    kernel.row(tile.x, step, width, scale, exponent, dci, tile.width, maxIterations, values);
    for (let i = 0; i < tile.width; i++) {
      const smooth = values[i] as number;
      pixels[o++] = colours[smooth === INSIDE ? INSIDE_INDEX : paletteIndex(smooth)] as number;
    }
  }
  return new Uint8ClampedArray(pixels.buffer);
}

/** Renders a deep tile in JavaScript alone (the reference the WebAssembly kernel is checked against). */
export function renderDeepTileJs(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  reference: Reference,
): Uint8ClampedArray {
  const kernel = createDeepRowJs();
  kernel.use(reference);
  return renderDeepTile(frame, step, tile, kernel);
}
