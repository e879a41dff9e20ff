import { INSIDE } from './escape.ts';
import { escapeRowJs, type EscapeRow } from './escape-row.ts';
import { buildPalette, INSIDE_INDEX, paletteIndex } from './palette.ts';
import { passSize, type Tile } from './tiles.ts';
import { centreOf, scaleOf, type View } from './view.ts';

/** Everything needed to render one frame, independent of how the work is split. */
export interface FrameSpec {
  readonly view: View;
  /** Full-resolution canvas size in pixels. */
  readonly width: number;
  readonly height: number;
  readonly maxIterations: number;
}

let palette: Uint32Array | undefined;
let rowValues = new Float64Array(0);

/**
 * Renders one tile of a pass into RGBA bytes (row-major, tile.width wide). A pass
 * with `step` > 1 samples the centre of each step×step block of the full canvas,
 * which gives the coarse preview. `escapeRow` computes the escape counts a row at
 * a time (the workers pass the SIMD one; every one gives the same numbers).
 */
export function renderTile(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  escapeRow: EscapeRow = escapeRowJs,
): Uint8ClampedArray {
  palette ??= buildPalette();
  // Plain locals: the objects arrive by structured clone in workers, and the hot loop should not depend on their shape.
  const { view, width, height, maxIterations } = frame;
  const { x: tileX, y: tileY, width: tileWidth, height: tileHeight } = tile;
  const [centerRe, centerIm] = centreOf(view);
  const scale = scaleOf(view);
  const reLeft = centerRe + (step / 2 - width / 2) * scale;
  const imTop = centerIm - (step / 2 - height / 2) * scale;
  const stride = step * scale;
  const colours = palette;
  const pixels = new Uint32Array(tileWidth * tileHeight);
  if (rowValues.length < tileWidth) rowValues = new Float64Array(tileWidth);
  const values = rowValues;
  let o = 0;
  for (let j = 0; j < tileHeight; j++) {
    escapeRow(reLeft, tileX, stride, imTop - (tileY + j) * stride, tileWidth, maxIterations, values);
    for (let i = 0; i < tileWidth; i++) {
      const smooth = values[i] as number;
      pixels[o++] = colours[smooth === INSIDE ? INSIDE_INDEX : paletteIndex(smooth)] as number;
    }
  }
  return new Uint8ClampedArray(pixels.buffer);
}

/** Renders a whole full-resolution frame in one go on the calling thread (the single-threaded reference). */
export function renderFrame(frame: FrameSpec): Uint8ClampedArray {
  const size = passSize(frame.width, frame.height, 1);
  return renderTile(frame, 1, { x: 0, y: 0, width: size.width, height: size.height });
}
