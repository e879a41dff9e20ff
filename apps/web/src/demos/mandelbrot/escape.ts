/** Marks a point that never escaped: it is (or looks) inside the Mandelbrot set. */
export const INSIDE = -1;

/**
 * Escape radius squared. A large radius makes the normalized iteration count
 * nearly continuous, which removes visible bands from the colouring.
 */
const BAILOUT_SQUARED = 256 * 256;

/** True for points in the main cardioid or the period-2 bulb, which never escape. */
export function inMainBulbs(cx: number, cy: number): boolean {
  const x = cx - 0.25;
  const y2 = cy * cy;
  const q = x * x + y2;
  if (q * (q + x) <= 0.25 * y2) return true;
  const x1 = cx + 1;
  return x1 * x1 + y2 <= 0.0625;
}

/** The normalized iteration count of an orbit that first had |z|² = `r2` > the bailout at iteration `n`. */
export function smoothCount(n: number, r2: number): number {
  const smooth = n + 1 - Math.log2(0.5 * Math.log(r2));
  return smooth > 0 ? smooth : 0;
}

/**
 * Iterates z -> z² + c from z = 0 and returns the normalized (smooth) iteration
 * count at escape, `n + 1 - log2(ln |z|)`, or {@link INSIDE} when the orbit stays
 * bounded for `maxIterations` steps or provably never escapes.
 */
export function smoothEscape(cx: number, cy: number, maxIterations: number): number {
  if (inMainBulbs(cx, cy)) return INSIDE;
  let zx = 0;
  let zy = 0;
  let x2 = 0;
  let y2 = 0;
  // Brent-style cycle detection: an orbit that lands exactly on an earlier value is periodic.
  let refX = 0;
  let refY = 0;
  let checkEvery = 8;
  let sinceCheck = 0;
  for (let n = 0; n < maxIterations; n++) {
    zy = 2 * zx * zy + cy;
    zx = x2 - y2 + cx;
    x2 = zx * zx;
    y2 = zy * zy;
    const r2 = x2 + y2;
    if (r2 > BAILOUT_SQUARED) return smoothCount(n, r2);
    if (zx === refX && zy === refY) return INSIDE;
    if (++sinceCheck === checkEvery) {
      sinceCheck = 0;
      checkEvery *= 2;
      refX = zx;
      refY = zy;
    }
  }
  return INSIDE;
}
