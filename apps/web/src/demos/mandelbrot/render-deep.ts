import { buildBla, type BlaTable } from './bla.ts';
import { INSIDE } from './escape.ts';
import { buildPalette, INSIDE_INDEX, paletteIndex } from './palette.ts';
import { createDeepRowJs, type DeepRowKernel } from './perturb-row.ts';
import type { FrameSpec } from './render.ts';
import type { Tile } from './tiles.ts';
import { scaleOf } from './view.ts';

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
 * enough at any depth. `kernel` must have been given `reference` (`use`).
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
  const scale = scaleOf(frame.view);
  const pixels = new Uint32Array(tile.width * tile.height);
  if (rowValues.length < tile.width) rowValues = new Float64Array(tile.width);
  const values = rowValues;
  let o = 0;
  for (let j = 0; j < tile.height; j++) {
    const dci = -((tile.y + j) * step + step / 2 - height / 2) * scale;
    kernel.row(tile.x, step, width, scale, dci, tile.width, maxIterations, values);
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
