import type { BlaTable } from './bla.ts';
import { INSIDE } from './escape.ts';
import { continuedEscape } from './perturb.ts';

/**
 * Perturbation for pixels too small for doubles (below about 1e-300, where their exponent runs out; the explorer
 * goes to 1e-1000). The offsets are held scaled, as in Claude Heiland-Allen's "rescaled iterations" and Kalles
 * Fraktaler's extended-exponent floats: the true offset is dz·2^e and the true pixel offset dc·2^e, with dz and dc
 * plain doubles and e an integer shared by both.
 *
 * While the offset is that small its step dz → 2Z·dz + dz² + dc is linear but for a square term 2^e·dz² that
 * is far below rounding, so the scaled numbers step exactly as the true ones would, and so do the bilinear
 * approximation's steps A·dz + B·dc. When dz has grown by {@link RESCALE}, both are divided by it and e goes up;
 * once the true offset is back within a double's range ({@link LEAVE_LOG2}) the pixel goes on in
 * {@link continuedEscape} with plain offsets, where dc·2^e, far below dz·2^e by then, may round away.
 *
 * Nothing escapes while the offset is this small (the reference orbit ends before |Z| > 2), and rebasing is
 * needed only where Z comes near 0, far above the offset: so at the end of the reference, or where |Z| is below
 * {@link TINY_Z_SQUARED}, the pixel goes on in plain offsets too.
 */

/** log2 of the true offset from which plain doubles hold it and its square with room to spare. */
const LEAVE_LOG2 = -480;
/** Scaled offsets are kept below 2^300: rescaling at that size never overflows within one step. */
const RESCALE_LOG2 = 300;
const RESCALE = 2 ** RESCALE_LOG2;
const UNSCALE = 2 ** -RESCALE_LOG2;
/** |Z|² below which the reference may pass closer to 0 than the offset: handled with rebasing, in plain offsets. */
const TINY_Z_SQUARED = 2 ** -600;
const STRIDE = 5;

/** x·2^e as a double (0 when it underflows), in two steps so that 2^e itself never underflows first. */
function unscale(x: number, e: number): number {
  const half = Math.trunc(e / 2);
  return x * 2 ** half * 2 ** (e - half);
}

/**
 * The smooth escape count of the pixel at offset (dcr, dci)·2^exponent from the reference point, as
 * `perturbedEscape` gives it for pixels doubles can hold; `exponent` is below −900 or so.
 */
export function scaledEscape(
  dcr: number,
  dci: number,
  exponent: number,
  orbit: Float64Array,
  bla: BlaTable,
  maxIterations: number,
): number {
  const last = orbit.length / 2 - 1;
  const { table, offsets, counts } = bla;
  const top = counts.length - 1;
  let e = exponent;
  let cr = dcr;
  let ci = dci;
  let dzr = 0;
  let dzi = 0;
  let m = 0;
  let n = 0;
  // The scaled size at which the true offset reaches 2^LEAVE_LOG2 (Infinity while e is too low for that).
  let leaveAt = 2 ** (LEAVE_LOG2 - e);
  while (n < maxIterations) {
    let skipped = false;
    if (m > 0 && top >= 1) {
      // The true offset is below 2^LEAVE_LOG2 here, and any radius whose square is a double (≥ 2^-1074) is above
      // 2^-537: every step with a non-zero radius is valid.
      const index = m - 1;
      const aligned = index === 0 ? top : Math.min(top, 31 - Math.clz32(index & -index));
      let at = -1;
      let found = 0;
      for (let k = 1; k <= aligned; k++) {
        const j = index >> k;
        if (j >= (counts[k] as number) || n + (1 << k) > maxIterations) break;
        const o = (offsets[k] as number) + j * STRIDE;
        if (!((table[o + 4] as number) > 0)) break;
        found = k;
        at = o;
      }
      if (found > 0) {
        const ar = table[at] as number;
        const ai = table[at + 1] as number;
        const br = table[at + 2] as number;
        const bi = table[at + 3] as number;
        const nr = ar * dzr - ai * dzi + br * cr - bi * ci;
        dzi = ar * dzi + ai * dzr + br * ci + bi * cr;
        dzr = nr;
        m += 1 << found;
        n += 1 << found;
        skipped = true;
      }
    }
    if (!skipped) {
      const zr = orbit[2 * m] as number;
      const zi = orbit[2 * m + 1] as number;
      // The square term at its true size relative to the rest: 2^e, which is 0 where it is below all rounding.
      const square = 2 ** e;
      const nr = 2 * (zr * dzr - zi * dzi) + (dzr * dzr - dzi * dzi) * square + cr;
      dzi = 2 * (zr * dzi + zi * dzr) + 2 * dzr * dzi * square + ci;
      dzr = nr;
      m += 1;
      n += 1;
    }
    if (Math.max(Math.abs(dzr), Math.abs(dzi)) > RESCALE) {
      dzr *= UNSCALE;
      dzi *= UNSCALE;
      cr *= UNSCALE;
      ci *= UNSCALE;
      e += RESCALE_LOG2;
      leaveAt = 2 ** (LEAVE_LOG2 - e);
    }
    const zr = orbit[2 * m] as number;
    const zi = orbit[2 * m + 1] as number;
    if (
      Math.max(Math.abs(dzr), Math.abs(dzi)) >= leaveAt ||
      m === last ||
      zr * zr + zi * zi < TINY_Z_SQUARED
    ) {
      const [r, i, fr, fi] = [unscale(cr, e), unscale(ci, e), unscale(dzr, e), unscale(dzi, e)];
      return continuedEscape(r, i, orbit, bla, maxIterations, fr, fi, m, n);
    }
  }
  return INSIDE;
}
