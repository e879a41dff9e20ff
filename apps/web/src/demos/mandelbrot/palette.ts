/** A colour stop of the gradient: position in [0, 1) and an RGB colour. */
interface Stop {
  readonly at: number;
  readonly rgb: readonly [number, number, number];
}

/**
 * Deep blue through white to gold and back to near black: the well-known
 * Ultra Fractal gradient. It is cyclic, so wrapping around it shows no seam.
 */
const STOPS: readonly Stop[] = [
  { at: 0, rgb: [0, 7, 100] },
  { at: 0.16, rgb: [32, 107, 203] },
  { at: 0.42, rgb: [237, 255, 255] },
  { at: 0.6425, rgb: [255, 170, 0] },
  { at: 0.8575, rgb: [0, 2, 0] },
];

/** Number of entries in the colour lookup table. */
export const PALETTE_SIZE = 2048;

/** How fast colours cycle with the square root of the smooth iteration count. */
const DENSITY = 0.14;

/** Colour of points inside the set. */
export const INSIDE_RGB: readonly [number, number, number] = [0, 0, 0];

function stop(index: number): Stop {
  const n = STOPS.length;
  const wrapped = ((index % n) + n) % n;
  const base = STOPS[wrapped] as Stop;
  // Stops reached by wrapping are shifted by whole turns so positions stay increasing.
  return { at: base.at + Math.floor(index / n), rgb: base.rgb };
}

/** Catmull–Rom interpolation through four samples at parameter t in [0, 1] between p1 and p2. */
function catmullRom(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const t2 = t * t;
  const t3 = t2 * t;
  return (
    0.5 * (2 * p1 + (p2 - p0) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2 + (3 * p1 - p0 - 3 * p2 + p3) * t3)
  );
}

/** The gradient colour at position `t` (taken modulo 1), smoothly interpolated between the stops. */
export function gradientAt(t: number): [number, number, number] {
  const pos = t - Math.floor(t);
  let i = 0;
  while (i < STOPS.length - 1 && stop(i + 1).at <= pos) i++;
  const a = stop(i);
  const b = stop(i + 1);
  const u = (pos - a.at) / (b.at - a.at);
  const before = stop(i - 1).rgb;
  const after = stop(i + 2).rgb;
  const channel = (c: 0 | 1 | 2): number =>
    Math.min(255, Math.max(0, Math.round(catmullRom(before[c], a.rgb[c], b.rgb[c], after[c], u))));
  return [channel(0), channel(1), channel(2)];
}

/** The gradient sampled into a table of {@link PALETTE_SIZE} RGB triples. */
export function buildPalette(): Uint8Array {
  const table = new Uint8Array(PALETTE_SIZE * 3);
  for (let i = 0; i < PALETTE_SIZE; i++) {
    table.set(gradientAt(i / PALETTE_SIZE), i * 3);
  }
  return table;
}

/**
 * Index into the palette table for a smooth iteration count. Points that escape
 * at once start at the deep blue end; the square root keeps the colour bands
 * near the set from getting too thin while deep zooms still cycle through the
 * whole gradient.
 */
export function paletteIndex(smooth: number): number {
  const t = (Math.sqrt(smooth + 1) - 1) * DENSITY;
  return Math.floor((t - Math.floor(t)) * PALETTE_SIZE) % PALETTE_SIZE;
}
