import { INSIDE } from './escape.ts';
import { buildPalette, INSIDE_INDEX, paletteIndex } from './palette.ts';

/**
 * Colouring relative to the view. Deep views escape late: at 1e-1000 every pixel beside the Misiurewicz point i
 * takes about 2,650 iterations, give or take a few dozen, and a fixed gradient over the absolute count gives them
 * nearly one colour. Deep zoomers colour by the count relative to the view instead (Kalles Fraktaler's colour
 * offset, Ultra Fractal's "auto" gradients), so the workers hand back smooth counts and the page colours them as
 * counts above the least one in the view: every depth gets the contrast of the first view, whose corners escape
 * at once.
 */

let palette: Uint32Array | undefined;

/** The least escape count among `values` (smooth counts, or {@link INSIDE}) and `least`; Infinity when none escaped. */
export function leastEscape(values: Float64Array, least = Infinity): number {
  let found = least;
  for (const value of values) if (value !== INSIDE && value < found) found = value;
  return found;
}

/**
 * RGBA bytes for smooth counts, each coloured as its count above `floor` (the view's least count, from
 * {@link leastEscape}); a count below the floor, possible between the samples the floor came from, takes the
 * gradient's first colour.
 */
export function colourValues(values: Float64Array, floor: number): Uint8ClampedArray<ArrayBuffer> {
  palette ??= buildPalette();
  const colours = palette;
  const base = Number.isFinite(floor) ? floor : 0;
  const pixels = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    pixels[i] = colours[
      value === INSIDE ? INSIDE_INDEX : paletteIndex(value > base ? value - base : 0)
    ] as number;
  }
  return new Uint8ClampedArray(pixels.buffer);
}
