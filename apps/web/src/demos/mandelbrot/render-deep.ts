import { buildBla, type BlaTable } from './bla.ts';
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

/**
 * {@link renderTile} for views too deep for doubles (smooth counts, coloured by the page): each pixel is iterated as
 * an offset from the reference orbit of the view's centre (perturb.ts), the
 * offset being the pixel's distance from the centre, which a double holds exactly
 * enough down to about 1e-271, and a double with an exponent of its own below that (perturb-scaled.ts). `kernel` must have been given `reference` (`use`).
 */
export function renderDeepTile(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  kernel: DeepRowKernel,
): Float64Array {
  const { width, height, maxIterations } = frame;
  // Past doubles' range the offsets are mantissa·2^exponent, the kernel told the exponent; else the exponent is 0.
  const parts = scaleLog2(frame.view) < SCALED_BELOW_LOG2 ? scaleParts(frame.view) : undefined;
  const scale = parts ? parts.mantissa : scaleOf(frame.view);
  const exponent = parts ? parts.exponent : 0;
  const values = new Float64Array(tile.width * tile.height);
  for (let j = 0; j < tile.height; j++) {
    const dci = -((tile.y + j) * step + step / 2 - height / 2) * scale;
    const row = values.subarray(j * tile.width, (j + 1) * tile.width);
    kernel.row(tile.x, step, width, scale, exponent, dci, tile.width, maxIterations, row);
  }
  return values;
}

/** Renders a deep tile in JavaScript alone (the reference the WebAssembly kernel is checked against). */
export function renderDeepTileJs(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  reference: Reference,
): Float64Array {
  const kernel = createDeepRowJs();
  kernel.use(reference);
  return renderDeepTile(frame, step, tile, kernel);
}
