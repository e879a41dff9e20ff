import type { Difficulty } from './logic.ts';

/** Drawing size of the canvas in CSS pixels. */
export const WIDTH = 800;
export const HEIGHT = 600;

const MARGIN = 16;
const BORDER = 12;
const HEADER = 60;
const GAP = 12;
const MAX_CELL = 48;
const FACE = 44;

/** Where everything sits on the canvas for one board size. */
export interface Layout {
  readonly cell: number;
  readonly frame: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly header: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly grid: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly face: { readonly x: number; readonly y: number; readonly size: number };
}

/** Largest square cells (at most 48 px) that let the board, its header and frame fit the canvas, centred. */
export function layoutFor(level: Difficulty): Layout {
  const cell = Math.min(
    MAX_CELL,
    Math.floor((WIDTH - 2 * MARGIN - 2 * BORDER) / level.cols),
    Math.floor((HEIGHT - 2 * MARGIN - 2 * BORDER - HEADER - GAP) / level.rows),
  );
  const gridW = cell * level.cols;
  const gridH = cell * level.rows;
  const frameW = gridW + 2 * BORDER;
  const frameH = gridH + 2 * BORDER + HEADER + GAP;
  const frameX = Math.round((WIDTH - frameW) / 2);
  const frameY = Math.round((HEIGHT - frameH) / 2);
  const header = { x: frameX + BORDER, y: frameY + BORDER, w: gridW, h: HEADER };
  return {
    cell,
    frame: { x: frameX, y: frameY, w: frameW, h: frameH },
    header,
    grid: { x: frameX + BORDER, y: header.y + HEADER + GAP, w: gridW, h: gridH },
    face: { x: header.x + (gridW - FACE) / 2, y: header.y + (HEADER - FACE) / 2, size: FACE },
  };
}

/** The cell under a point in drawing coordinates, or null off the grid. */
export function cellAt(layout: Layout, level: Difficulty, x: number, y: number): number | null {
  const col = Math.floor((x - layout.grid.x) / layout.cell);
  const row = Math.floor((y - layout.grid.y) / layout.cell);
  if (col < 0 || col >= level.cols || row < 0 || row >= level.rows) return null;
  return row * level.cols + col;
}

/** Centre of a cell in drawing coordinates. */
export function cellCentre(layout: Layout, level: Difficulty, index: number): { x: number; y: number } {
  const col = index % level.cols;
  const row = Math.floor(index / level.cols);
  return { x: layout.grid.x + (col + 0.5) * layout.cell, y: layout.grid.y + (row + 0.5) * layout.cell };
}

/** Whether a point is on the face (restart) button. */
export function onFace(layout: Layout, x: number, y: number): boolean {
  const { face } = layout;
  return x >= face.x && x <= face.x + face.size && y >= face.y && y <= face.y + face.size;
}
