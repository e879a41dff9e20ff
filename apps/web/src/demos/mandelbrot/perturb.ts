import type { BlaTable } from './bla.ts';
import { INSIDE, smoothCount } from './escape.ts';

/** Escape radius squared, as in escape.ts, so that deep and shallow frames colour alike. */
const BAILOUT_SQUARED = 256 * 256;
const STRIDE = 5;

/**
 * The smooth escape count ({@link smoothCount}, or {@link INSIDE}) of the point at offset (dcr, dci) from the
 * reference point, iterated as a double-precision offset dz from the reference orbit Z (re, im interleaved):
 * dz → 2Z·dz + dz² + dc, so z = Z + dz.
 *
 * Glitches (the offset losing its precision when z passes near 0, where Z does not) are avoided by Zhuoran's
 * rebasing: whenever |z| < |dz|, or the orbit runs out, the pixel continues from the reference's start with
 * dz = z. Where the table allows, the bilinear approximation skips 2^k iterations at once.
 */
export function perturbedEscape(
  dcr: number,
  dci: number,
  orbit: Float64Array,
  bla: BlaTable,
  maxIterations: number,
): number {
  const last = orbit.length / 2 - 1;
  const { levels, counts } = bla;
  const top = levels.length - 1;
  let dzr = 0;
  let dzi = 0;
  let m = 0;
  let n = 0;
  while (n < maxIterations) {
    let skipped = false;
    if (m > 0 && top >= 1) {
      const r2 = dzr * dzr + dzi * dzi;
      const index = m - 1;
      // The longest step that starts here: 2^k divides m − 1.
      let k = index === 0 ? top : Math.min(top, 31 - Math.clz32(index & -index));
      for (; k >= 1; k--) {
        const j = index >> k;
        if (j >= (counts[k] as number)) continue;
        const length = 1 << k;
        if (n + length > maxIterations) continue;
        const level = levels[k] as Float64Array;
        const o = j * STRIDE;
        if (!(r2 < (level[o + 4] as number))) continue;
        const ar = level[o] as number;
        const ai = level[o + 1] as number;
        const br = level[o + 2] as number;
        const bi = level[o + 3] as number;
        const nr = ar * dzr - ai * dzi + br * dcr - bi * dci;
        dzi = ar * dzi + ai * dzr + br * dci + bi * dcr;
        dzr = nr;
        m += length;
        n += length;
        skipped = true;
        break;
      }
    }
    if (!skipped) {
      const zr = orbit[2 * m] as number;
      const zi = orbit[2 * m + 1] as number;
      const nr = 2 * (zr * dzr - zi * dzi) + dzr * dzr - dzi * dzi + dcr;
      dzi = 2 * (zr * dzi + zi * dzr + dzr * dzi) + dci;
      dzr = nr;
      m += 1;
      n += 1;
    }
    const zr = (orbit[2 * m] as number) + dzr;
    const zi = (orbit[2 * m + 1] as number) + dzi;
    const r2 = zr * zr + zi * zi;
    if (r2 > BAILOUT_SQUARED) return smoothCount(n - 1, r2);
    if (r2 < dzr * dzr + dzi * dzi || m === last) {
      dzr = zr;
      dzi = zi;
      m = 0;
    }
  }
  return INSIDE;
}
