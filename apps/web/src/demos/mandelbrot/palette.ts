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

/** Number of entries in the colour lookup table: a power of two, so an index wraps with a bit mask. */
export const PALETTE_SIZE = 2048;

/** How fast colours cycle with the square root of the smooth iteration count. */
const DENSITY = 0.14;

/** Colour of points inside the set. */
const INSIDE_RGB: readonly [number, number, number] = [0, 0, 0];

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

/**
 * The gradient sampled into {@link PALETTE_SIZE} opaque RGBA pixels, followed by the colour of the inside, each
 * packed in one 32-bit word in the machine's byte order, ready to store into canvas pixel data.
 */
export function buildPalette(): Uint32Array {
  const table = new Uint32Array(PALETTE_SIZE + 1);
  const bytes = new Uint8Array(table.buffer);
  for (let i = 0; i <= PALETTE_SIZE; i++) {
    bytes.set([...(i < PALETTE_SIZE ? gradientAt(i / PALETTE_SIZE) : INSIDE_RGB), 255], i * 4);
  }
  return table;
}

/** Index of the inside colour in the {@link buildPalette} table. */
export const INSIDE_INDEX = PALETTE_SIZE;

/**
 * Index into the palette table for a smooth iteration count. Points that escape
 * at once start at the deep blue end; the square root keeps the colour bands
 * near the set from getting too thin while deep zooms still cycle through the
 * whole gradient.
 */
export function paletteIndex(smooth: number): number {
  const t = (Math.sqrt(smooth + 1) - 1) * DENSITY;
  // `& (size - 1)` floors the non-negative product and wraps it without a floating-point modulo.
  return ((t - Math.floor(t)) * PALETTE_SIZE) & (PALETTE_SIZE - 1);
}
