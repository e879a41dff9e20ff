import { describe, expect, it } from 'vitest';
import {
  randomPointsInBall,
  ripsComplex,
  seededRng,
  stepThreshold,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
} from './complex.ts';
import {
  distance,
  dragRotation,
  IDENTITY,
  multiply,
  project,
  rotationX,
  rotationY,
  transform,
  type Vec3,
} from './geometry.ts';
import { sceneShapes } from './scene.ts';

const h = Math.sqrt(3) / 2;
const triangle: Vec3[] = [
  [0, 0, 0],
  [1, 0, 0],
  [0.5, h, 0],
];
const square: Vec3[] = [
  [0, 0, 0],
  [1, 0, 0],
  [1, 1, 0],
  [0, 1, 0],
];
const tetrahedron: Vec3[] = [
  [1, 1, 1],
  [1, -1, -1],
  [-1, 1, -1],
  [-1, -1, 1],
];

const counts = (points: Vec3[], threshold: number) => {
  const c = ripsComplex(points, threshold);
  return [points.length, c.edges.length, c.triangles.length];
};

describe('Vietoris–Rips complex', () => {
  it('fills an equilateral triangle once the threshold passes its side length', () => {
    expect(counts(triangle, 1.01)).toEqual([3, 3, 1]);
    expect(counts(triangle, 0.99)).toEqual([3, 0, 0]);
  });

  it('joins only points strictly closer than the threshold', () => {
    expect(counts(triangle, 1)).toEqual([3, 0, 0]);
  });

  it('gives a unit square its four sides, and its diagonals and four triangles only past √2', () => {
    expect(counts(square, 1.2)).toEqual([4, 4, 0]);
    expect(counts(square, 1.5)).toEqual([4, 6, 4]);
  });

  it('gives a regular tetrahedron 4 vertices, 6 edges and 4 triangles', () => {
    const side = distance(tetrahedron[0]!, tetrahedron[1]!);
    expect(counts(tetrahedron, side + 0.01)).toEqual([4, 6, 4]);
  });

  it('lists each simplex once with increasing indices', () => {
    const { edges, triangles } = ripsComplex(tetrahedron, 3);
    for (const [a, b] of edges) expect(a).toBeLessThan(b);
    for (const [a, b, c] of triangles) {
      expect(a).toBeLessThan(b);
      expect(b).toBeLessThan(c);
    }
    expect(new Set(triangles.map((t) => t.join())).size).toBe(triangles.length);
  });

  it('only grows as the threshold rises', () => {
    const points = randomPointsInBall(40, seededRng(7));
    let previous = [0, 0];
    for (let t = 0.1; t < 2; t += 0.1) {
      const c = ripsComplex(points, t);
      expect(c.edges.length).toBeGreaterThanOrEqual(previous[0]!);
      expect(c.triangles.length).toBeGreaterThanOrEqual(previous[1]!);
      previous = [c.edges.length, c.triangles.length];
    }
    expect(counts(points, 2.01)).toEqual([40, (40 * 39) / 2, (40 * 39 * 38) / 6]);
  });
});

describe('random points', () => {
  it('puts every point inside the unit ball', () => {
    const points = randomPointsInBall(500, seededRng(1));
    expect(points).toHaveLength(500);
    for (const p of points) expect(Math.hypot(...p)).toBeLessThanOrEqual(1);
  });

  it('repeats for the same seed and differs for another', () => {
    expect(randomPointsInBall(5, seededRng(42))).toEqual(randomPointsInBall(5, seededRng(42)));
    expect(randomPointsInBall(5, seededRng(42))).not.toEqual(randomPointsInBall(5, seededRng(43)));
  });
});

describe('threshold steps', () => {
  it('moves by 0.05 and stays within range', () => {
    expect(stepThreshold(0.5, 1)).toBe(0.55);
    expect(stepThreshold(0.5, -1)).toBe(0.45);
    expect(stepThreshold(THRESHOLD_MIN, -1)).toBe(THRESHOLD_MIN);
    expect(stepThreshold(THRESHOLD_MAX, 1)).toBe(THRESHOLD_MAX);
  });

  it('does not drift after many steps', () => {
    let t = 0.5;
    for (let i = 0; i < 17; i++) t = stepThreshold(t, 1);
    for (let i = 0; i < 17; i++) t = stepThreshold(t, -1);
    expect(t).toBe(0.5);
  });
});

describe('rotation and projection', () => {
  it('preserves distances between points', () => {
    const points = randomPointsInBall(10, seededRng(3));
    const r = dragRotation(dragRotation(IDENTITY, 37, -12), -90, 55);
    for (let i = 1; i < points.length; i++) {
      const before = distance(points[0]!, points[i]!);
      const after = distance(transform(r, points[0]!), transform(r, points[i]!));
      expect(after).toBeCloseTo(before, 12);
    }
  });

  it('turns a quarter turn about y from x towards -z, and about x from y towards z', () => {
    const [x, y, z] = transform(rotationY(Math.PI / 2), [1, 0, 0]);
    expect([x, y, z].map((v) => Math.round(v))).toEqual([0, 0, -1]);
    expect(transform(rotationX(Math.PI / 2), [0, 1, 0]).map((v) => Math.round(v))).toEqual([0, 0, 1]);
  });

  it('undoes a rotation with the opposite one', () => {
    const m = multiply(rotationX(-0.7), rotationX(0.7));
    m.forEach((v, i) => expect(v).toBeCloseTo(IDENTITY[i]!, 12));
  });

  it('shows nearer things larger and keeps up pointing up on screen', () => {
    const camera = { distance: 4, focal: 100, centerX: 50, centerY: 50 };
    const near = project([0, 1, -1], camera);
    const far = project([0, 1, 1], camera);
    expect(near.y).toBeLessThan(far.y);
    expect(far.y).toBeLessThan(50);
    expect(near.scale).toBeGreaterThan(far.scale);
    expect(near.depth).toBeLessThan(far.depth);
  });

  it('orders shapes from the farthest to the nearest for painting', () => {
    const camera = { distance: 4, focal: 100, centerX: 50, centerY: 50 };
    const shapes = sceneShapes(tetrahedron, ripsComplex(tetrahedron, 3), IDENTITY, camera);
    expect(shapes).toHaveLength(4 + 6 + 4);
    for (let i = 1; i < shapes.length; i++)
      expect(shapes[i]!.depth).toBeLessThanOrEqual(shapes[i - 1]!.depth);
    expect(shapes.at(-1)?.kind).toBe('vertex');
  });
});
