import { describe, expect, it } from 'vitest';
import { directEscape } from './bigint-escape.ts';
import { buildBla } from './bla.ts';
import { INSIDE } from './escape.ts';
import { scaledEscape } from './perturb-scaled.ts';
import { referenceOrbit } from './reference.ts';
import { viewFromDecimals, type View } from './view.ts';

const WIDTH = 200;
const HEIGHT = 150;

function agree(a: number, b: number): boolean {
  return a === INSIDE || b === INSIDE ? a === b : Math.abs(a - b) < 0.01;
}

/** Pixel (x, y) by scaled perturbation: its offset from the centre as (dcr, dci)·2^exponent. */
function scaledFrame(view: View, maxIterations: number) {
  const orbit = referenceOrbit(view, maxIterations);
  // The pixel size as mantissa·2^exponent, the mantissa in [1/2, 1).
  const mantissa = Number(view.scale) / 2 ** 64;
  const exponent = 64 - view.bits;
  const bla = buildBla(orbit, 0);
  return (x: number, y: number) =>
    scaledEscape(
      (x + 0.5 - WIDTH / 2) * mantissa,
      -(y + 0.5 - HEIGHT / 2) * mantissa,
      exponent,
      orbit,
      bla,
      maxIterations,
    );
}

describe('perturbation past the range of doubles', () => {
  for (const [depth, maxIterations] of [
    ['1e-300', 5000],
    ['1e-1000', 12_000],
  ] as const) {
    it(`matches BigInt iteration pixel for pixel at ${depth}`, () => {
      // Beside the Misiurewicz point i, where the picture is a spiral of ever thinner filaments at every depth.
      const view = viewFromDecimals(`-${depth.replace('1e', '3e')}`, '1', `4.25${depth.slice(1)}`);
      const pixel = scaledFrame(view, maxIterations);
      const seen = new Set<number>();
      for (let y = 4; y < HEIGHT; y += 37) {
        for (let x = 7; x < WIDTH; x += 41) {
          const deep = pixel(x, y);
          seen.add(Math.floor(deep));
          expect(agree(deep, directEscape(view, x, y, WIDTH, HEIGHT, maxIterations)), `${x}, ${y}`).toBe(
            true,
          );
        }
      }
      // A varied picture, not a flat one that would agree trivially.
      expect(seen.size).toBeGreaterThan(5);
    });
  }
});
