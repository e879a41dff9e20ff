import { bitLength, decimalLog2, decimalToFixed, fixedToNumber, numberToFixed } from './fixed.ts';

/** The drawing size of the Mandelbrot canvas, in pixels. */
export const CANVAS_WIDTH = 800;
/** The drawing size of the Mandelbrot canvas, in pixels. */
export const CANVAS_HEIGHT = 600;

/**
 * Which part of the complex plane is on screen, in binary fixed point (see fixed.ts): the centre is
 * `re/2^bits + i·im/2^bits` and one full-resolution pixel is `scale/2^bits` wide. `bits` grows with the zoom so
 * that `scale` always keeps {@link SCALE_BITS} significant bits: no depth rounds the view to doubles.
 */
export interface View {
  readonly re: bigint;
  readonly im: bigint;
  readonly scale: bigint;
  readonly bits: number;
}

/** Significant bits kept in a view's pixel size; the centre has as many bits below one pixel. */
export const SCALE_BITS = 64;

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

/** A view from double-precision numbers: centre `re + i·im`, pixel width `scale`. */
export function viewFromNumbers(re: number, im: number, scale: number): View {
  const bits = Math.max(0, SCALE_BITS - Math.floor(Math.log2(scale)));
  return {
    re: numberToFixed(re, bits),
    im: numberToFixed(im, bits),
    scale: numberToFixed(scale, bits),
    bits,
  };
}

/**
 * A view from decimal strings, precise to every digit given at any depth: how deep locations are written down.
 * The pixel size is read once roughly to learn how many fraction bits it needs, then once more, rounded, at
 * exactly that many.
 */
export function viewFromDecimals(re: string, im: string, scale: string): View {
  const guess = Math.max(0, SCALE_BITS + 8 - Math.floor(decimalLog2(scale)));
  const rough = decimalToFixed(scale, guess);
  if (rough <= 0n) throw new RangeError(`not a positive pixel size: ${scale}`);
  const bits = Math.max(0, guess + SCALE_BITS - bitLength(rough));
  return normalize({
    re: decimalToFixed(re, bits),
    im: decimalToFixed(im, bits),
    scale: decimalToFixed(scale, bits),
    bits,
  });
}

/** The same view with `bits` chosen so that the pixel size has exactly {@link SCALE_BITS} bits. */
function normalize(view: View): View {
  const shift = SCALE_BITS - bitLength(view.scale);
  if (shift === 0 || view.bits + shift < 0) return view;
  const s = BigInt(Math.abs(shift));
  const move = (x: bigint) => (shift > 0 ? x << s : x >> s);
  return { re: move(view.re), im: move(view.im), scale: move(view.scale), bits: view.bits + shift };
}

/** The whole set, with a margin, on an 800-pixel-wide canvas. */
export const DEFAULT_VIEW: View = viewFromDecimals('-0.6', '0', '0.00425');

/** The centre as doubles: exact enough for drawing only while {@link needsPerturbation} is false. */
export function centreOf(view: View): [number, number] {
  return [fixedToNumber(view.re, view.bits), fixedToNumber(view.im, view.bits)];
}

/** Width of one pixel in the complex plane, as a double. */
export function scaleOf(view: View): number {
  return fixedToNumber(view.scale, view.bits);
}

/** log2 of the width of one pixel, at any depth (scaleOf underflows to 0 past 1e-308). */
export function scaleLog2(view: View): number {
  return Math.log2(Number(view.scale)) - view.bits;
}

/**
 * Below this pixel size neighbouring pixels are too close for double-precision
 * coordinates (about 2^-52 of the centre), so the frame is drawn by perturbation
 * around a high-precision reference orbit instead.
 */
export const PERTURBATION_SCALE = 1e-12;

/** Whether the view is too deep for plain double-precision iteration. */
export function needsPerturbation(view: View): boolean {
  return scaleOf(view) < PERTURBATION_SCALE;
}

/**
 * log2 of the deepest pixel size, 1e-1000: past 1e-300 pixel offsets are held scaled (perturb-scaled.ts), so
 * the limit is the time the BigInt reference orbit takes, which grows with the bits the view carries.
 */
export const MIN_SCALE_LOG2 = -1000 * Math.log2(10);

/**
 * log2 of the pixel size below which pixel offsets from the centre no longer fit a double with their squares
 * and the approximation's radii (about 1e-271), and are iterated scaled instead.
 */
export const SCALED_BELOW_LOG2 = -900;

/** The pixel size as mantissa·2^exponent, the mantissa in [1/2, 1]: exact enough at any depth. */
export function scaleParts(view: View): { mantissa: number; exponent: number } {
  return { mantissa: Number(view.scale) / 2 ** SCALE_BITS, exponent: SCALE_BITS - view.bits };
}

/** The widest pixel size: the whole set fits a few times over. */
export const MAX_SCALE = 0.05;
const MAX_SCALE_LOG2 = Math.log2(MAX_SCALE);

/** `factor` or, where it would take the pixel size out of its range, the factor that takes it to the limit. */
function clampedFactor(view: View, factor: number): number {
  const current = scaleLog2(view);
  const target = current + Math.log2(factor);
  if (target < MIN_SCALE_LOG2) return 2 ** (MIN_SCALE_LOG2 - current);
  if (target > MAX_SCALE_LOG2) return 2 ** (MAX_SCALE_LOG2 - current);
  return factor;
}

/** Boxes narrower than this are treated as a slip of the pointer, not a zoom. */
export const MIN_BOX_WIDTH = 3;

/** Maps a canvas pixel position (pixel centres at +0.5) to the complex plane, as doubles; imaginary axis up. */
export function pixelToComplex(
  view: View,
  x: number,
  y: number,
  width: number,
  height: number,
): [number, number] {
  const [re, im] = centreOf(view);
  const scale = scaleOf(view);
  return [re + (x - width / 2) * scale, im - (y - height / 2) * scale];
}

/** Sub-pixel positions are kept to 1/2^16 of a pixel. */
const FRACTION_BITS = 16;
/** Zoom factors are applied exactly as the double they are. */
const FACTOR_BITS = 64;

function pixels(amount: number): bigint {
  return BigInt(Math.round(amount * 2 ** FRACTION_BITS));
}

/**
 * The view moved so that what was at canvas offset (dx, dy) from the centre is
 * now at the centre, and the pixel size multiplied by `factor` (clamped to
 * 2^{@link MIN_SCALE_LOG2}..{@link MAX_SCALE}); all in fixed point.
 */
function moved(view: View, dx: number, dy: number, factor: number): View {
  const shift = BigInt(FRACTION_BITS);
  const re = view.re + ((pixels(dx) * view.scale) >> shift);
  const im = view.im - ((pixels(dy) * view.scale) >> shift);
  const clamped = clampedFactor(view, factor);
  const scale = (view.scale * numberToFixed(clamped, FACTOR_BITS)) >> BigInt(FACTOR_BITS);
  return normalize({ re, im, scale: scale > 0n ? scale : 1n, bits: view.bits });
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

/** The view that fills the canvas with what the box covers now, stopping at the deepest pixel size. */
export function zoomToBox(view: View, box: Box, width: number, height: number): View {
  return moved(
    view,
    box.x + box.width / 2 - width / 2,
    box.y + box.height / 2 - height / 2,
    box.width / width,
  );
}

/** The view zoomed by `factor` (< 1 magnifies) about the canvas point `at`, which stays where it is. */
export function zoomAbout(view: View, at: Point, factor: number, width: number, height: number): View {
  const applied = clampedFactor(view, factor);
  return moved(view, (at.x - width / 2) * (1 - applied), (at.y - height / 2) * (1 - applied), applied);
}

/** The view dragged by (dx, dy) canvas pixels: the picture follows the pointer. */
export function panBy(view: View, dx: number, dy: number): View {
  return moved(view, -dx, -dy, 1);
}

/** How many times the view is magnified compared with {@link DEFAULT_VIEW}. */
export function zoomLevel(view: View): number {
  return 2 ** zoomLog2(view);
}

/** log2 of {@link zoomLevel}, at any depth (the zoom itself overflows a double past 1e308). */
export function zoomLog2(view: View): number {
  return scaleLog2(DEFAULT_VIEW) - scaleLog2(view);
}

/** The iteration budget never drops below this. */
const BASE_ITERATIONS = 200;
/** Cap that keeps frames shallow enough for plain iteration to a few seconds. */
export const MAX_ITERATIONS = 10_000;
/**
 * Cap for perturbation frames: approximation skips most of the iterations of a
 * pixel, so deep views, whose details need far longer orbits, can afford more.
 */
export const MAX_DEEP_ITERATIONS = 100_000;

/**
 * Iteration budget for a view: detail near the boundary needs more iterations the
 * deeper one zooms, so the budget grows with the number of doublings of the zoom.
 */
export function maxIterationsFor(view: View): number {
  const octaves = Math.max(0, zoomLog2(view));
  const cap = needsPerturbation(view) ? MAX_DEEP_ITERATIONS : MAX_ITERATIONS;
  return Math.min(cap, Math.round(BASE_ITERATIONS + 40 * octaves + 2 * octaves * octaves));
}
