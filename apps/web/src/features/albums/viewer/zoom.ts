/*
 * The viewer's zoom as plain numbers. The picture is laid out to fit its stage (scale 1); a zoom draws it
 * `scale` times larger, moved by (x, y) from the stage's centre, in CSS pixels. Points are given from the
 * stage's centre too.
 */

/** A width and a height in CSS pixels. */
export interface Box {
  width: number;
  height: number;
}

/** A point in CSS pixels from the stage's centre. */
export interface Point {
  x: number;
  y: number;
}

/** How the picture is drawn: `scale` times its fitted size, its centre moved by (x, y). */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const unzoomed: View = { scale: 1, x: 0, y: 0 };

/** The closest zoom: eight times the fitted size, past the full size of most photos on most screens. */
export const maxScale = 8;

/** How far one press of + or - (or one step of a zoom button) zooms. */
export const stepFactor = 1.5;

/** Where a double tap or double click zooms to when the picture is not zoomed yet. */
export const doubleTapScale = 2.5;

export const isZoomed = (view: View) => view.scale > 1;

/**
 * Keeps the picture on screen: a picture smaller than the stage along an axis stays centred on it; a larger one
 * may move only until its edge meets the stage's edge, so no empty band opens on either side.
 */
export function bounded(view: View, picture: Box, stage: Box): View {
  const scale = Math.min(maxScale, Math.max(1, view.scale));
  const slack = (size: number, room: number) => Math.max(0, (size * scale - room) / 2);
  const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;
  return {
    scale,
    x: clamp(view.x, slack(picture.width, stage.width)),
    y: clamp(view.y, slack(picture.height, stage.height)),
  };
}

/**
 * Zooms by `factor` around `at`: the spot of the picture under that point stays under it (as with a mouse wheel
 * or two fingers), then the view is kept in bounds.
 */
export function zoomAt(view: View, factor: number, at: Point, picture: Box, stage: Box): View {
  const scale = Math.min(maxScale, Math.max(1, view.scale * factor));
  const ratio = scale / view.scale;
  return bounded(
    { scale, x: at.x - (at.x - view.x) * ratio, y: at.y - (at.y - view.y) * ratio },
    picture,
    stage,
  );
}

/** Moves the picture with a dragging pointer, within bounds. */
export const panBy = (view: View, by: Point, picture: Box, stage: Box): View =>
  bounded({ ...view, x: view.x + by.x, y: view.y + by.y }, picture, stage);

/**
 * The zoom factor of one wheel event: scrolling up (or spreading two fingers on a touchpad, which browsers send as
 * ctrl+wheel) zooms in. Line and page deltas (mice on some systems) count as 40 and 800 pixels.
 */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaY * (deltaMode === 1 ? 40 : deltaMode === 2 ? 800 : 1);
  return Math.exp(-Math.max(-100, Math.min(100, pixels)) / 200);
}

/**
 * Two fingers moving from `from` to `to`: the picture scales with the distance between them and follows their
 * midpoint, starting from the view `start` they went down on.
 */
export function pinched(
  start: View,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
  picture: Box,
  stage: Box,
): View {
  const distance = (p: readonly [Point, Point]) => Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
  const middle = (p: readonly [Point, Point]) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
  const factor = distance(from) > 0 ? distance(to) / distance(from) : 1;
  const [a, b] = [middle(from), middle(to)];
  const zoomed = zoomAt(start, factor, a, picture, { width: Infinity, height: Infinity });
  return panBy(zoomed, { x: b.x - a.x, y: b.y - a.y }, picture, stage);
}

/** A double tap or double click: zooms in on the spot tapped, or back to the whole picture when zoomed. */
export const doubleTapped = (view: View, at: Point, picture: Box, stage: Box): View =>
  isZoomed(view) ? unzoomed : zoomAt(view, doubleTapScale / view.scale, at, picture, stage);

/**
 * Whether the picture drawn at `view` shows more pixels than the `natural` width of the file on screen has, on a
 * screen of `pixelRatio` device pixels per CSS pixel: time to load the full size.
 */
export const needsFullSize = (view: View, picture: Box, natural: Box, pixelRatio: number) =>
  picture.width * view.scale * pixelRatio > natural.width * 1.05;
