import { fixedToNumber } from './fixed.ts';
import type { View } from './view.ts';

/**
 * The reference orbit Z_0 = 0, Z_{n+1} = Z_n² + C of the view's centre C, iterated
 * in the view's own fixed point (BigInt, `view.bits` fraction bits: about 64 bits
 * below one pixel) and stored as doubles, re and im interleaved. It stops after
 * the first Z with |Z| > 2 (which escapes) or after `maxIterations` steps;
 * perturbation rebases pixels to Z_0 when they run off its end.
 */
export function referenceOrbit(view: View, maxIterations: number): Float64Array {
  const { re: cr, im: ci, bits } = view;
  const shift = BigInt(bits);
  const four = 4n << shift;
  const orbit = new Float64Array(2 * (maxIterations + 1));
  let zr = 0n;
  let zi = 0n;
  let n = 0;
  for (; n < maxIterations; n++) {
    const zr2 = (zr * zr) >> shift;
    const zi2 = (zi * zi) >> shift;
    if (zr2 + zi2 > four) break;
    zi = ((zr * zi) >> (shift - 1n)) + ci;
    zr = zr2 - zi2 + cr;
    orbit[2 * n + 2] = fixedToNumber(zr, bits);
    orbit[2 * n + 3] = fixedToNumber(zi, bits);
  }
  return orbit.slice(0, 2 * (n + 1));
}
