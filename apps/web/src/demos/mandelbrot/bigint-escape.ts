import { INSIDE, smoothCount } from './escape.ts';
import { fixedToNumber } from './fixed.ts';
import type { View } from './view.ts';

/**
 * The smooth escape count of pixel (x, y) of a `width`×`height` canvas showing `view`, iterated directly in the
 * view's BigInt fixed point with no double anywhere in the orbit: slow, and exact at any depth, so it is what the
 * perturbation kernels are checked against.
 */
export function directEscape(
  view: View,
  x: number,
  y: number,
  width: number,
  height: number,
  maxIterations: number,
): number {
  const shift = BigInt(view.bits);
  // Pixel centres are at half pixels: scale·(2x + 1 − width)/2.
  const cr = view.re + (view.scale * BigInt(2 * x + 1 - width)) / 2n;
  const ci = view.im - (view.scale * BigInt(2 * y + 1 - height)) / 2n;
  let zr = 0n;
  let zi = 0n;
  for (let n = 0; n < maxIterations; n++) {
    const next = ((zr * zr - zi * zi) >> shift) + cr;
    zi = ((zr * zi) >> (shift - 1n)) + ci;
    zr = next;
    const r2 = fixedToNumber((zr * zr + zi * zi) >> shift, view.bits);
    if (r2 > 65536) return smoothCount(n, r2);
  }
  return INSIDE;
}
