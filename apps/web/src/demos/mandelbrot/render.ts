import { INSIDE, smoothEscape } from './escape.ts';
import { buildPalette, INSIDE_RGB, paletteIndex } from './palette.ts';
import { passSize, type Tile } from './tiles.ts';
import type { View } from './view.ts';

/** Everything needed to render one frame, independent of how the work is split. */
export interface FrameSpec {
  readonly view: View;
  /** Full-resolution canvas size in pixels. */
  readonly width: number;
  readonly height: number;
  readonly maxIterations: number;
}

let palette: Uint8Array | undefined;

/**
 * Renders one tile of a pass into RGBA bytes (row-major, tile.width wide). A pass
 * with `step` > 1 samples the centre of each step×step block of the full canvas,
 * which gives the coarse preview.
 */
export function renderTile(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  out: Uint8ClampedArray = new Uint8ClampedArray(tile.width * tile.height * 4),
): Uint8ClampedArray {
  palette ??= buildPalette();
  // Plain locals: the objects arrive by structured clone in workers, and the hot loop should not depend on their shape.
  const { view, width, height, maxIterations } = frame;
  const { x: tileX, y: tileY, width: tileWidth, height: tileHeight } = tile;
  const reLeft = view.centerRe + (step / 2 - width / 2) * view.scale;
  const imTop = view.centerIm - (step / 2 - height / 2) * view.scale;
  const stride = step * view.scale;
  const colours = palette;
  let o = 0;
  for (let j = 0; j < tileHeight; j++) {
    const im = imTop - (tileY + j) * stride;
    for (let i = 0; i < tileWidth; i++) {
      const smooth = smoothEscape(reLeft + (tileX + i) * stride, im, maxIterations);
      if (smooth === INSIDE) {
        out[o] = INSIDE_RGB[0];
        out[o + 1] = INSIDE_RGB[1];
        out[o + 2] = INSIDE_RGB[2];
      } else {
        const p = paletteIndex(smooth) * 3;
        out[o] = colours[p] as number;
        out[o + 1] = colours[p + 1] as number;
        out[o + 2] = colours[p + 2] as number;
      }
      out[o + 3] = 255;
      o += 4;
    }
  }
  return out;
}

/** Renders a whole full-resolution frame in one go on the calling thread (the single-threaded reference). */
export function renderFrame(frame: FrameSpec): Uint8ClampedArray {
  const size = passSize(frame.width, frame.height, 1);
  return renderTile(frame, 1, { x: 0, y: 0, width: size.width, height: size.height });
}
