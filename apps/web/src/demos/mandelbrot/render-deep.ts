import { buildBla, type BlaTable } from './bla.ts';
import { INSIDE } from './escape.ts';
import { buildPalette, INSIDE_INDEX, paletteIndex } from './palette.ts';
import { perturbedEscape } from './perturb.ts';
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

/**
 * {@link renderTile} for views too deep for doubles: each pixel is iterated as
 * an offset from the reference orbit of the view's centre (perturb.ts), the
 * offset being the pixel's distance from the centre, which a double holds exactly
 * enough at any depth.
 */
export function renderDeepTile(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  reference: Reference,
): Uint8ClampedArray {
  palette ??= buildPalette();
  const colours = palette;
  const { width, height, maxIterations } = frame;
  const { orbit, bla } = reference;
  const scale = scaleOf(frame.view);
  const pixels = new Uint32Array(tile.width * tile.height);
  let o = 0;
  for (let j = 0; j < tile.height; j++) {
    const dci = -((tile.y + j) * step + step / 2 - height / 2) * scale;
    for (let i = 0; i < tile.width; i++) {
      const dcr = ((tile.x + i) * step + step / 2 - width / 2) * scale;
      const smooth = perturbedEscape(dcr, dci, orbit, bla, maxIterations);
      pixels[o++] = colours[smooth === INSIDE ? INSIDE_INDEX : paletteIndex(smooth)] as number;
    }
  }
  return new Uint8ClampedArray(pixels.buffer);
}
