import { distance, type Vec3 } from './geometry.ts';

/** A source of uniform random numbers in [0, 1), like Math.random. */
export type Rng = () => number;

/** A small, fast seeded generator (mulberry32), so tests and refreshes are reproducible. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` points spread uniformly through the unit ball (by rejection from the cube). */
export function randomPointsInBall(count: number, rng: Rng): Vec3[] {
  const points: Vec3[] = [];
  while (points.length < count) {
    const p: Vec3 = [rng() * 2 - 1, rng() * 2 - 1, rng() * 2 - 1];
    if (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] <= 1) points.push(p);
  }
  return points;
}

/**
 * The edges and filled triangles of a Vietoris–Rips complex, as indices into the point list: what can be drawn of
 * it. The complex itself also holds every larger group of pairwise close points (tetrahedra and beyond).
 */
export interface RipsComplex {
  readonly edges: readonly (readonly [number, number])[];
  readonly triangles: readonly (readonly [number, number, number])[];
}

/**
 * The Vietoris–Rips complex at `threshold`: every pair of points closer than the
 * threshold is an edge, and every triple whose three pairs are edges is a
 * triangle. Indices in each simplex are increasing.
 */
export function ripsComplex(points: readonly Vec3[], threshold: number): RipsComplex {
  const n = points.length;
  const near: boolean[][] = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const edges: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (distance(points[i]!, points[j]!) < threshold) {
        near[i]![j] = near[j]![i] = true;
        edges.push([i, j]);
      }
    }
  }
  const triangles: [number, number, number][] = [];
  for (const [i, j] of edges) {
    for (let k = j + 1; k < n; k++) {
      if (near[i]![k] && near[j]![k]) triangles.push([i, j, k]);
    }
  }
  return { edges, triangles };
}

/** Smallest distance threshold the controls allow. */
export const THRESHOLD_MIN = 0.05;
/** Largest distance threshold the controls allow: the diameter of the ball, where everything is joined. */
export const THRESHOLD_MAX = 2;
/** How much one arrow key press or button changes the threshold. */
export const THRESHOLD_STEP = 0.05;

/** The threshold after `steps` presses (negative lowers it), kept within range and on the 0.05 grid. */
export function stepThreshold(threshold: number, steps: number): number {
  const next = Math.round((threshold + steps * THRESHOLD_STEP) / THRESHOLD_STEP) * THRESHOLD_STEP;
  return Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, Number(next.toFixed(2))));
}
