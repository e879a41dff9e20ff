import { fixedToNumber } from './fixed.ts';
import type { View } from './view.ts';

/**
 * The reference orbit Z_0 = 0, Z_{n+1} = Z_n² + C of the view's centre C, iterated
 * in the view's own fixed point (BigInt, `view.bits` fraction bits: about 64 bits
 * below one pixel) and stored as doubles, re and im interleaved. It stops after
 * the first Z with |Z| > 2 (which escapes), after the first Z that one pixel
 * around C maps onto 0 (|Z| < |dZ/dC|·pixel: C is a nucleus of that period as far
 * as the view can tell, and the orbit would only repeat itself), or after
 * `maxIterations` steps; perturbation rebases pixels to Z_0
 * when they run off its end, which is exact however short the orbit is.
 */
export function referenceOrbit(view: View, maxIterations: number): Float64Array {
  const { re: cr, im: ci, bits } = view;
  const shift = BigInt(bits);
  const four = 4n << shift;
  const pixel = fixedToNumber(view.scale, bits);
  // dZ/dC in doubles: only its size matters, and it stays far inside their range.
  let dr = 0;
  let di = 0;
  const orbit = new Float64Array(2 * (maxIterations + 1));
  let zr = 0n;
  let zi = 0n;
  let n = 0;
  for (; n < maxIterations; n++) {
    const zr2 = (zr * zr) >> shift;
    const zi2 = (zi * zi) >> shift;
    if (zr2 + zi2 > four) break;
    const zr0 = orbit[2 * n] as number;
    const zi0 = orbit[2 * n + 1] as number;
    const nextDr = 2 * (zr0 * dr - zi0 * di) + 1;
    di = 2 * (zr0 * di + zi0 * dr);
    dr = nextDr;
    zi = ((zr * zi) >> (shift - 1n)) + ci;
    zr = zr2 - zi2 + cr;
    const re = fixedToNumber(zr, bits);
    const im = fixedToNumber(zi, bits);
    orbit[2 * n + 2] = re;
    orbit[2 * n + 3] = im;
    if (Math.hypot(re, im) < Math.hypot(dr, di) * pixel) {
      n += 1;
      break;
    }
  }
  return orbit.slice(0, 2 * (n + 1));
}
