/** The widest the board is drawn, in CSS pixels. */
export const MAX_WIDTH = 800;
/** The height the board takes before the page has been measured (prerendered pages, the first paint). */
export const DEFAULT_HEIGHT = 600;
/** Below this height the board stops shrinking and the page scrolls instead: a board smaller is not playable. */
const MIN_HEIGHT = 220;
/** The largest tile, in CSS pixels; small levels look toy-like beyond it. */
const MAX_TILE = 64;

/** Where a level's grid sits on the canvas: square tiles of `tile` px, the grid centred. */
export interface BoardLayout {
  readonly tile: number;
  readonly offsetX: number;
  readonly offsetY: number;
  readonly columns: number;
  readonly rows: number;
}

/** The canvas's size in CSS pixels. */
export interface BoardSize {
  readonly width: number;
  readonly height: number;
}

/** The tile that fits `columns` x `rows` with half a tile of margin on each side, at most 64 px. */
function tileFor(columns: number, rows: number, width: number, height: number): number {
  return Math.max(1, Math.min(MAX_TILE, Math.floor(Math.min(width / (columns + 1), height / (rows + 1)))));
}

/** Fits a `columns` x `rows` grid into a `width` x `height` canvas, centred, with half a tile of margin. */
export function boardLayout(
  columns: number,
  rows: number,
  width = MAX_WIDTH,
  height = DEFAULT_HEIGHT,
): BoardLayout {
  const tile = tileFor(columns, rows, width, height);
  return {
    tile,
    offsetX: Math.floor((width - tile * columns) / 2),
    offsetY: Math.floor((height - tile * rows) / 2),
    columns,
    rows,
  };
}

/**
 * The canvas for a level in the space left on screen: the full width (up to 800 px), and only as tall as the
 * level needs at the largest tile that fits both ways, so the whole board shows without scrolling on a laptop
 * or a phone. When less than a playable height is left, the page scrolls rather than the board shrinking further.
 */
export function fitBoard(
  columns: number,
  rows: number,
  availableWidth: number,
  availableHeight: number,
): BoardSize {
  const width = Math.max(1, Math.floor(Math.min(availableWidth, MAX_WIDTH)));
  const room = Math.max(MIN_HEIGHT, Math.floor(availableHeight));
  const tile = tileFor(columns, rows, width, room);
  return { width, height: Math.min(room, tile * (rows + 1)) };
}

/** The cell index under canvas point (x, y), or -1 outside the grid. */
export function cellAt(layout: BoardLayout, x: number, y: number): number {
  const column = Math.floor((x - layout.offsetX) / layout.tile);
  const row = Math.floor((y - layout.offsetY) / layout.tile);
  if (column < 0 || row < 0 || column >= layout.columns || row >= layout.rows) return -1;
  return row * layout.columns + column;
}

/** The canvas point at the centre of cell `index`. */
export function cellCentre(layout: BoardLayout, index: number): { x: number; y: number } {
  return {
    x: layout.offsetX + ((index % layout.columns) + 0.5) * layout.tile,
    y: layout.offsetY + (Math.floor(index / layout.columns) + 0.5) * layout.tile,
  };
}
