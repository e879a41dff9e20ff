import { describe, expect, it } from 'vitest';
import { buildBla, NO_BLA } from './bla.ts';
import { INSIDE, smoothEscape } from './escape.ts';
import { directEscape as directEscapeOf } from './bigint-escape.ts';
import { perturbedEscape } from './perturb.ts';
import { referenceOrbit } from './reference.ts';
import { centreOf, scaleOf, viewFromDecimals, viewFromNumbers, type View } from './view.ts';

const WIDTH = 200;
const HEIGHT = 150;

/** Two smooth escape counts agree when they colour alike: within a hundredth of an iteration, or both inside. */
const TOLERANCE = 0.01;

function agree(a: number, b: number): boolean {
  return a === INSIDE || b === INSIDE ? a === b : Math.abs(a - b) < TOLERANCE;
}

/** The offset of pixel (x, y) of a WIDTH×HEIGHT canvas from the view's centre. */
function offset(view: View, x: number, y: number): [number, number] {
  const scale = scaleOf(view);
  return [(x + 0.5 - WIDTH / 2) * scale, -(y + 0.5 - HEIGHT / 2) * scale];
}

/** Pixel (x, y) of the WIDTH×HEIGHT canvas iterated in BigInts: the truth. */
function directEscape(view: View, x: number, y: number, maxIterations: number): number {
  return directEscapeOf(view, x, y, WIDTH, HEIGHT, maxIterations);
}

function perturbedFrame(view: View, maxIterations: number, useBla = true) {
  const orbit = referenceOrbit(view, maxIterations);
  const bla = useBla ? buildBla(orbit, (Math.hypot(WIDTH, HEIGHT) / 2) * scaleOf(view)) : NO_BLA;
  return (x: number, y: number) => perturbedEscape(...offset(view, x, y), orbit, bla, maxIterations);
}

describe('perturbation', () => {
  it('matches plain double iteration at 1e-10, and BigInt iteration wherever the two differ', () => {
    // Near the Misiurewicz point c = i, 1e10 times deeper than the first view.
    const view = viewFromNumbers(0, 1, 4.25e-13);
    const [re, im] = centreOf(view);
    const scale = scaleOf(view);
    const pixel = perturbedFrame(view, 3000);
    const differing: [number, number][] = [];
    const counts = new Set<number>();
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const plain = smoothEscape(
          re + (x + 0.5 - WIDTH / 2) * scale,
          im - (y + 0.5 - HEIGHT / 2) * scale,
          3000,
        );
        const deep = pixel(x, y);
        counts.add(Math.floor(deep));
        if (!agree(plain, deep)) differing.push([x, y]);
      }
    }
    // A varied picture, not a flat one that would agree trivially.
    expect(counts.size).toBeGreaterThan(20);
    // Doubles themselves go wrong on a few pixels whose orbits pass close to 0 (0.15 % here).
    expect(differing.length).toBeLessThan(WIDTH * HEIGHT * 0.005);
    for (const [x, y] of differing.slice(0, 12)) {
      expect(agree(pixel(x, y), directEscape(view, x, y, 3000))).toBe(true);
    }
  });

  it('matches BigInt iteration at 1e-30, where doubles cannot place the pixels at all', () => {
    const view = viewFromDecimals(DEEP_RE, DEEP_IM, '4.25e-33');
    const pixel = perturbedFrame(view, 5000);
    const seen = new Set<number>();
    for (let y = 3; y < HEIGHT; y += 12) {
      for (let x = 5; x < WIDTH; x += 16) {
        const deep = pixel(x, y);
        seen.add(Math.round(deep));
        expect(agree(deep, directEscape(view, x, y, 5000))).toBe(true);
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });

  it('rebases pixels that outlive a reference orbit which escapes early', () => {
    // The centre is just outside the main cardioid: its orbit escapes after some hundreds of iterations
    // while the left part of the view lies inside the set.
    const view = viewFromNumbers(0.2501, 0, 2e-6);
    expect(referenceOrbit(view, 2000).length / 2).toBeLessThan(400);
    const pixel = perturbedFrame(view, 2000);
    let inside = 0;
    for (let y = 5; y < HEIGHT; y += 20) {
      for (let x = 5; x < WIDTH; x += 20) {
        const deep = pixel(x, y);
        if (deep === INSIDE) inside++;
        expect(agree(deep, directEscape(view, x, y, 2000))).toBe(true);
      }
    }
    expect(inside).toBeGreaterThan(0);
  });

  it('skips iterations by bilinear approximation at 1e-100 without changing the counts', () => {
    // A period-135 minibrot a quarter of this 200-pixel view across.
    const view = viewFromDecimals(MINIBROT_RE, MINIBROT_IM, '1.7e-102');
    const withBla = perturbedFrame(view, 20_000);
    const stepByStep = perturbedFrame(view, 20_000, false);
    let inside = 0;
    for (let y = 5; y < HEIGHT; y += 10) {
      for (let x = 5; x < WIDTH; x += 10) {
        const value = withBla(x, y);
        if (value === INSIDE) inside++;
        expect(agree(value, stepByStep(x, y))).toBe(true);
      }
    }
    expect(inside).toBeGreaterThan(5);
    expect(withBla(WIDTH / 2, HEIGHT / 2)).toBe(INSIDE);
  });
});

/** A period-263 nucleus 3.6e-99 from the Misiurewicz point i, found by Newton's method in 440-bit BigInts. */
const DEEP_RE =
  '-0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000328043257332639743683111521';
const DEEP_IM =
  '1.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000163689662693557205849417305';

/** The nucleus of a period-135 minibrot about 4e-101 across, 5e-51 from i (bench/mandelbrot/deep-scenes.ts). */
const MINIBROT_RE =
  '-0.00000000000000000000000000000000000000000000000000479435757707015710072540721226781901857406213346232957605527577196970584613';
const MINIBROT_IM =
  '1.00000000000000000000000000000000000000000000000000239232710040777072767144288694987204790790457545609581646388560747771972020';
