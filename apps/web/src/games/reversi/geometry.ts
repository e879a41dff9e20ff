/** Canvas geometry of the reversi board, shared by the drawing code, the pointer handling and the browser test. */

/** Drawing size of the canvas in CSS pixels (the backing store may be larger on high-density screens). */
export const WIDTH = 800;
export const HEIGHT = 600;

/** Top-left corner of the 8x8 playing area, the size of a square, and the wooden frame around it. */
export const GRID_X = 44;
export const GRID_Y = 44;
export const CELL = 64;
export const GRID = CELL * 8;
export const FRAME = 28;
/** The score panel to the right of the board. */
export const PANEL_X = 604;
export const PANEL_W = 180;

/** The square under a point in drawing coordinates, or null off the board. */
export function squareAt(x: number, y: number): number | null {
  const col = Math.floor((x - GRID_X) / CELL);
  const row = Math.floor((y - GRID_Y) / CELL);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return row * 8 + col;
}

/** Centre of a square in drawing coordinates. */
export function squareCentre(sq: number): { x: number; y: number } {
  return { x: GRID_X + (sq & 7) * CELL + CELL / 2, y: GRID_Y + (sq >> 3) * CELL + CELL / 2 };
}
