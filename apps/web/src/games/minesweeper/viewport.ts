import { HEIGHT, WIDTH, type Layout } from './layout.ts';

/**
 * The part of the 800x600 drawing the canvas shows: `zoom` times magnified, with the drawing point (`x`, `y`) at
 * its top left. The whole drawing is `{ zoom: 1, x: 0, y: 0 }`, which is all a desktop ever shows.
 */
export interface View {
  readonly zoom: number;
  readonly x: number;
  readonly y: number;
}

/** The whole drawing. */
export const WHOLE: View = { zoom: 1, x: 0, y: 0 };

/** Cells at least this many CSS pixels wide are easy to hit with a finger. */
export const FINGER = 32;
/** Past this the board only gets harder to find one's way around. */
const MAX_ZOOM = 6;

/** The view kept within the drawing, with the zoom between the whole drawing and MAX_ZOOM. */
export function clampView(view: View): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom));
  return {
    zoom,
    x: Math.min(WIDTH - WIDTH / zoom, Math.max(0, view.x)),
    y: Math.min(HEIGHT - HEIGHT / zoom, Math.max(0, view.y)),
  };
}

/** The drawing point under a point of the canvas (both in drawing units, the canvas being WIDTH units wide). */
export function toDrawing(view: View, x: number, y: number): { x: number; y: number } {
  return { x: view.x + x / view.zoom, y: view.y + y / view.zoom };
}

/** Magnified `factor` times about canvas point (`x`, `y`), which stays under the fingers. */
export function zoomAbout(view: View, factor: number, x: number, y: number): View {
  const anchor = toDrawing(view, x, y);
  const zoom = Math.min(MAX_ZOOM, Math.max(1, view.zoom * factor));
  return clampView({ zoom, x: anchor.x - x / zoom, y: anchor.y - y / zoom });
}

/** Moved with a finger that moved (`dx`, `dy`) canvas units: the drawing follows it. */
export function panBy(view: View, dx: number, dy: number): View {
  return clampView({ ...view, x: view.x - dx / view.zoom, y: view.y - dy / view.zoom });
}

/**
 * The first view on a touch screen that shows the canvas `shownWidth` CSS pixels wide: magnified until a cell is
 * FINGER pixels wide (or the whole drawing if it already is), centred on the grid.
 */
export function fingerView(layout: Layout, shownWidth: number): View {
  const cellPixels = (layout.cell * shownWidth) / WIDTH;
  if (shownWidth <= 0 || cellPixels >= FINGER) return WHOLE;
  const zoom = Math.min(MAX_ZOOM, FINGER / cellPixels);
  const { grid } = layout;
  return clampView({
    zoom,
    x: grid.x + grid.w / 2 - WIDTH / zoom / 2,
    y: grid.y + grid.h / 2 - HEIGHT / zoom / 2,
  });
}
