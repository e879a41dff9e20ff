/**
 * Bilinear approximation (BLA) of a reference orbit, after Zhuoran (fractalforums.org, 2021) and Claude
 * Heiland-Allen's "Deep zoom theory and practice (again)", as Kalles Fraktaler 2.15+ uses it.
 *
 * While a pixel's offset dz from the reference is tiny next to Z, its step dz → 2Z·dz + dz² + dc is nearly
 * linear: dz → A·dz + B·dc with A = 2Z, B = 1. Linear steps compose: 2^k of them starting at reference
 * iteration m are one step (A, B) with A = A₂A₁ and B = A₂B₁ + B₂. Each is valid while |dz| < R, where one
 * step's R keeps the dropped dz² below `EPSILON` of the kept 2Z·dz, and a composed step's R also keeps the
 * offset within the second half's R after the first: R = min(R₁, (R₂ − |B₁|·|dc|max) / |A₁|).
 */

/**
 * Relative size of the dropped square term per step allowed. The perturbation tests hold escape counts to a
 * hundredth of an iteration against BigInt iteration with it; 2^-40 skipped 10 % fewer iterations.
 */
export const EPSILON = 2 ** -24;

/** Fields per table entry: A (re, im), B (re, im), R². */
const STRIDE = 5;

/**
 * Level k holds the steps of 2^k iterations that start at reference iterations 1 + j·2^k, j = 0, 1, …
 * (iteration 0 is never approximated: Z_0 = 0 makes the first step exactly dz = dc).
 */
export interface BlaTable {
  /** Every level's entries, level after level: one array keeps the lookup free of indirections. */
  readonly table: Float64Array;
  /** Where each level starts in `table`. */
  readonly offsets: readonly number[];
  /** Entries per level. */
  readonly counts: readonly number[];
}

/** The table that approximates nothing: every iteration is computed. */
export const NO_BLA: BlaTable = { table: new Float64Array(0), offsets: [0], counts: [0] };

/**
 * Builds the table for a reference orbit (re, im interleaved, as `referenceOrbit` gives it) and a frame
 * whose pixels are at most `dcMax` from the reference point.
 */
export function buildBla(orbit: Float64Array, dcMax: number): BlaTable {
  const last = orbit.length / 2 - 1;
  // Steps from iterations 1 … last − 1: each lands on a stored Z.
  const steps = Math.max(0, last - 1);
  const base = new Float64Array(steps * STRIDE);
  for (let j = 0; j < steps; j++) {
    const ar = 2 * (orbit[2 * j + 2] as number);
    const ai = 2 * (orbit[2 * j + 3] as number);
    const r = EPSILON * Math.hypot(ar, ai);
    const o = j * STRIDE;
    base[o] = ar;
    base[o + 1] = ai;
    base[o + 2] = 1;
    base[o + 3] = 0;
    base[o + 4] = r * r;
  }
  const levels = [base];
  const counts = [steps];
  for (let count = steps; count > 1;) {
    const below = levels[levels.length - 1] as Float64Array;
    const merged = Math.floor(count / 2);
    const level = new Float64Array(merged * STRIDE);
    for (let j = 0; j < merged; j++)
      merge(below, 2 * j * STRIDE, (2 * j + 1) * STRIDE, level, j * STRIDE, dcMax);
    levels.push(level);
    counts.push(merged);
    count = merged;
  }
  const offsets = counts.map((_, k) => levels.slice(0, k).reduce((sum, level) => sum + level.length, 0));
  const table = new Float64Array(levels.reduce((sum, level) => sum + level.length, 0));
  levels.forEach((level, k) => table.set(level, offsets[k]));
  return { table, offsets, counts };
}

/** Writes into `out` at `o` the step `x` (at offset `a` of `from`) followed by the step `y` (at `b`). */
function merge(from: Float64Array, a: number, b: number, out: Float64Array, o: number, dcMax: number): void {
  const xar = from[a] as number;
  const xai = from[a + 1] as number;
  const xbr = from[a + 2] as number;
  const xbi = from[a + 3] as number;
  const yar = from[b] as number;
  const yai = from[b + 1] as number;
  const ybr = from[b + 2] as number;
  const ybi = from[b + 3] as number;
  out[o] = yar * xar - yai * xai;
  out[o + 1] = yar * xai + yai * xar;
  out[o + 2] = yar * xbr - yai * xbi + ybr;
  out[o + 3] = yar * xbi + yai * xbr + ybi;
  const rx = Math.sqrt(from[a + 4] as number);
  const ry = Math.sqrt(from[b + 4] as number);
  const r = Math.max(0, Math.min(rx, (ry - Math.hypot(xbr, xbi) * dcMax) / Math.hypot(xar, xai)));
  out[o + 4] = r * r;
}
