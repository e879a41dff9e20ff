import { describe, expect, it } from 'vitest';
import { colourValues, leastEscape } from './colour.ts';
import { INSIDE } from './escape.ts';
import { gradientAt } from './palette.ts';

/** The RGB of pixel i of RGBA bytes. */
const rgb = (pixels: Uint8ClampedArray, i: number) => Array.from(pixels.subarray(4 * i, 4 * i + 3));

describe('colouring relative to the view', () => {
  it('finds the least escape count, leaving the inside out', () => {
    expect(leastEscape(new Float64Array([INSIDE, 2650.5, 2641.25, INSIDE]))).toBe(2641.25);
    expect(leastEscape(new Float64Array([2650]), 12)).toBe(12);
    expect(leastEscape(new Float64Array([INSIDE, INSIDE]))).toBe(Infinity);
  });

  it('gives a deep view, whose counts differ by a few dozen, the contrast of the first view', () => {
    // Counts like those beside the Misiurewicz point i at 1e-1000: 2,650 give or take 30.
    const deep = Float64Array.from({ length: 121 }, (_, i) => 2620 + i / 2);
    const shallow = deep.map((n) => n - 2620);
    const floor = leastEscape(deep);
    expect(colourValues(deep, floor)).toEqual(colourValues(shallow, leastEscape(shallow)));
    // Coloured by the absolute count the same pixels are a few shades of one colour: compare the brightness range.
    const spread = (pixels: Uint8ClampedArray) => {
      const sums = [...Array(121).keys()].map((i) => rgb(pixels, i).reduce((a, b) => a + b, 0));
      return Math.max(...sums) - Math.min(...sums);
    };
    expect(spread(colourValues(deep, floor))).toBeGreaterThan(400);
    expect(spread(colourValues(deep, 0))).toBeLessThan(200);
  });

  it('paints the least count the gradient start, a count below it the same, the inside black', () => {
    const pixels = colourValues(new Float64Array([100, 90, INSIDE]), 100);
    expect(rgb(pixels, 0)).toEqual(gradientAt(0));
    expect(rgb(pixels, 1)).toEqual(gradientAt(0));
    expect(rgb(pixels, 2)).toEqual([0, 0, 0]);
    expect(Array.from(pixels.filter((_, i) => i % 4 === 3))).toEqual([255, 255, 255]);
  });

  it('colours a view with nothing escaping without a floor', () => {
    expect(rgb(colourValues(new Float64Array([INSIDE]), Infinity), 0)).toEqual([0, 0, 0]);
  });
});
