import { escapeRowJs, type EscapeRow } from './escape-row.ts';
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

/**
 * Renders one tile of a pass into smooth escape counts (row-major, tile.width wide, INSIDE for the set); the
 * page colours them relative to the view (colour.ts). A pass
 * with `step` > 1 samples the centre of each step×step block of the full canvas,
 * which gives the coarse preview. `escapeRow` computes the escape counts a row at
 * a time (the workers pass the SIMD one; every one gives the same numbers).
 */
export function renderTile(
  frame: FrameSpec,
  step: number,
  tile: Tile,
  escapeRow: EscapeRow = escapeRowJs,
): Float64Array {
  // Plain locals: the objects arrive by structured clone in workers, and the hot loop should not depend on their shape.
  const { view, width, height, maxIterations } = frame;
  const { x: tileX, y: tileY, width: tileWidth, height: tileHeight } = tile;
  const [centerRe, centerIm] = centreOf(view);
  const scale = scaleOf(view);
  const reLeft = centerRe + (step / 2 - width / 2) * scale;
  const imTop = centerIm - (step / 2 - height / 2) * scale;
  const stride = step * scale;
  const values = new Float64Array(tileWidth * tileHeight);
  for (let j = 0; j < tileHeight; j++) {
    const row = values.subarray(j * tileWidth, (j + 1) * tileWidth);
    escapeRow(reLeft, tileX, stride, imTop - (tileY + j) * stride, tileWidth, maxIterations, row);
  }
  return values;
}

/** Renders a whole full-resolution frame's counts in one go on the calling thread (the single-threaded reference). */
export function renderFrame(frame: FrameSpec): Float64Array {
  const size = passSize(frame.width, frame.height, 1);
  return renderTile(frame, 1, { x: 0, y: 0, width: size.width, height: size.height });
}
