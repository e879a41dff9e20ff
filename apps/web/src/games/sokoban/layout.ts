/** Drawing size of the canvas. */
export const CANVAS_WIDTH = 800;
/** Drawing height of the canvas. */
export const CANVAS_HEIGHT = 600;

/** Where a level's grid sits on the canvas: square tiles of `tile` px, the grid centred. */
export interface BoardLayout {
  readonly tile: number;
  readonly offsetX: number;
  readonly offsetY: number;
  readonly columns: number;
  readonly rows: number;
}

const MARGIN = 24;
const MAX_TILE = 64;

/** Fits a `columns` x `rows` grid into the canvas with a margin, centred, tiles at most 64 px. */
export function boardLayout(
  columns: number,
  rows: number,
  width = CANVAS_WIDTH,
  height = CANVAS_HEIGHT,
): BoardLayout {
  const tile = Math.max(
    1,
    Math.floor(Math.min((width - 2 * MARGIN) / columns, (height - 2 * MARGIN) / rows, MAX_TILE)),
  );
  return {
    tile,
    offsetX: Math.floor((width - tile * columns) / 2),
    offsetY: Math.floor((height - tile * rows) / 2),
    columns,
    rows,
  };
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
