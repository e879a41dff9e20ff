import type { BlaTable } from './bla.ts';
import { INSIDE, smoothCount } from './escape.ts';

/** Escape radius squared, as in escape.ts, so that deep and shallow frames colour alike. */
const BAILOUT_SQUARED = 256 * 256;
const STRIDE = 5;
/** Relative distance between the z of two rebases at one reference iteration that counts as a cycle. */
const CYCLE_TOLERANCE = 1e-6;
export const CYCLE_TOLERANCE_SQUARED = CYCLE_TOLERANCE * CYCLE_TOLERANCE;

/**
 * The smooth escape count ({@link smoothCount}, or {@link INSIDE}) of the point at offset (dcr, dci) from the
 * reference point, iterated as a double-precision offset dz from the reference orbit Z (re, im interleaved):
 * dz → 2Z·dz + dz² + dc, so z = Z + dz.
 *
 * Glitches (the offset losing its precision when z passes near 0, where Z does not) are avoided by Zhuoran's
 * rebasing: whenever |z| < |dz|, or the orbit runs out, the pixel continues from the reference's start with
 * dz = z. Where the table allows, the bilinear approximation skips 2^k iterations at once.
 *
 * A pixel inside a minibrot rebases at the same points of its attracting cycle again and again, with z closing
 * in on the same values: once a rebase agrees with a remembered one (at the same reference iteration) to
 * {@link CYCLE_TOLERANCE}, it is inside, without running its orbit to `maxIterations`. The remembered rebase is
 * renewed at the 1st, 2nd, 4th, 8th… rebase (Brent), so cycles of any number of rebases are caught.
 */
export function perturbedEscape(
  dcr: number,
  dci: number,
  orbit: Float64Array,
  bla: BlaTable,
  maxIterations: number,
): number {
  return continuedEscape(dcr, dci, orbit, bla, maxIterations, 0, 0, 0, 0);
}

/** {@link perturbedEscape} from offset (dzr, dzi) at reference iteration `m`, `n` iterations done. */
export function continuedEscape(
  dcr: number,
  dci: number,
  orbit: Float64Array,
  bla: BlaTable,
  maxIterations: number,
  fromR: number,
  fromI: number,
  fromM: number,
  fromN: number,
): number {
  const last = orbit.length / 2 - 1;
  const { table, offsets, counts } = bla;
  const top = counts.length - 1;
  let dzr = fromR;
  let dzi = fromI;
  let m = fromM;
  let n = fromN;
  let rebases = 0;
  let renewAt = 1;
  let savedAt = -1;
  let savedR = 0;
  let savedI = 0;
  while (n < maxIterations) {
    let skipped = false;
    if (m > 0 && top >= 1) {
      const r2 = dzr * dzr + dzi * dzi;
      const index = m - 1;
      // Steps of 2^k iterations start where 2^k divides m − 1; at one start a longer step's radius is never
      // larger than a shorter one's, so the longest valid step is found going up until one fails.
      const aligned = index === 0 ? top : Math.min(top, 31 - Math.clz32(index & -index));
      let found = 0;
      let at = 0;
      for (let k = 1; k <= aligned; k++) {
        const j = index >> k;
        if (j >= (counts[k] as number) || n + (1 << k) > maxIterations) break;
        const o = (offsets[k] as number) + j * STRIDE;
        if (!(r2 < (table[o + 4] as number))) break;
        found = k;
        at = o;
      }
      if (found > 0) {
        const ar = table[at] as number;
        const ai = table[at + 1] as number;
        const br = table[at + 2] as number;
        const bi = table[at + 3] as number;
        const nr = ar * dzr - ai * dzi + br * dcr - bi * dci;
        dzi = ar * dzi + ai * dzr + br * dci + bi * dcr;
        dzr = nr;
        m += 1 << found;
        n += 1 << found;
        skipped = true;
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
      if (m === savedAt) {
        const er = zr - savedR;
        const ei = zi - savedI;
        if (er * er + ei * ei <= CYCLE_TOLERANCE_SQUARED * r2) return INSIDE;
      }
      if (++rebases === renewAt) {
        renewAt *= 2;
        savedAt = m;
        savedR = zr;
        savedI = zi;
      }
      dzr = zr;
      dzi = zi;
      m = 0;
    }
  }
  return INSIDE;
}
