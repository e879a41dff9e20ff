/** The drawing size of the Mandelbrot canvas, in pixels. */
export const CANVAS_WIDTH = 800;
/** The drawing size of the Mandelbrot canvas, in pixels. */
export const CANVAS_HEIGHT = 600;

/** Which part of the complex plane is on screen. */
export interface View {
  /** Real part of the point at the canvas centre. */
  readonly centerRe: number;
  /** Imaginary part of the point at the canvas centre. */
  readonly centerIm: number;
  /** Width of one full-resolution pixel in the complex plane. */
  readonly scale: number;
}

/** A rectangle in canvas pixels. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A point in canvas pixels. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The whole set, with a margin, on an 800-pixel-wide canvas. */
export const DEFAULT_VIEW: View = { centerRe: -0.6, centerIm: 0, scale: 3.4 / CANVAS_WIDTH };

/**
 * Below this pixel size neighbouring pixels map to the same double-precision
 * number and the picture turns into blocks, so zooming stops here.
 */
export const MIN_SCALE = 4e-15;

/** Boxes narrower than this are treated as a slip of the pointer, not a zoom. */
export const MIN_BOX_WIDTH = 3;

/** Maps a canvas pixel position (pixel centres at +0.5) to the complex plane; imaginary axis points up. */
export function pixelToComplex(
  view: View,
  x: number,
  y: number,
  width: number,
  height: number,
): [number, number] {
  return [view.centerRe + (x - width / 2) * view.scale, view.centerIm - (y - height / 2) * view.scale];
}

/**
 * The zoom box spanned from the first click `anchor` towards the pointer: the
 * anchor stays one corner and the box keeps the canvas aspect ratio, growing to
 * cover the pointer along whichever axis it is further out.
 */
export function boxFromDrag(anchor: Point, pointer: Point, aspect: number): Box {
  const dx = pointer.x - anchor.x;
  const dy = pointer.y - anchor.y;
  const width = Math.max(Math.abs(dx), Math.abs(dy) * aspect);
  const height = width / aspect;
  return {
    x: dx < 0 ? anchor.x - width : anchor.x,
    y: dy < 0 ? anchor.y - height : anchor.y,
    width,
    height,
  };
}

/** The view that fills the canvas with what the box covers now, stopping at {@link MIN_SCALE}. */
export function zoomToBox(view: View, box: Box, width: number, height: number): View {
  const [centerRe, centerIm] = pixelToComplex(
    view,
    box.x + box.width / 2,
    box.y + box.height / 2,
    width,
    height,
  );
  return { centerRe, centerIm, scale: Math.max(MIN_SCALE, (view.scale * box.width) / width) };
}

/** How many times the view is magnified compared with {@link DEFAULT_VIEW}. */
export function zoomLevel(view: View): number {
  return DEFAULT_VIEW.scale / view.scale;
}

/** The iteration budget never drops below this. */
const BASE_ITERATIONS = 200;
/** Cap that keeps the deepest frames to a few seconds. */
export const MAX_ITERATIONS = 10_000;

/**
 * Iteration budget for a view: detail near the boundary needs more iterations the
 * deeper one zooms, so the budget grows with the number of doublings of the zoom.
 */
export function maxIterationsFor(view: View): number {
  const octaves = Math.max(0, Math.log2(zoomLevel(view)));
  return Math.min(MAX_ITERATIONS, Math.round(BASE_ITERATIONS + 40 * octaves + 2 * octaves * octaves));
}
