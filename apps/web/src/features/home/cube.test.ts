import { describe, expect, it } from 'vitest';
import { anglesFromPointer, cubeEdges, cubeSegments, cubeVertices, rotate } from './cube.ts';

const length = (v: readonly number[]) => Math.hypot(...v);

describe('splash cube', () => {
  it('has 8 corners and 12 edges of equal length', () => {
    expect(cubeVertices).toHaveLength(8);
    expect(cubeEdges).toHaveLength(12);
    for (const [a, b] of cubeEdges) {
      const d = cubeVertices[a]!.map((v, k) => v - cubeVertices[b]![k]!);
      expect(length(d)).toBeCloseTo(2);
    }
  });

  it('is at rest with the pointer in the centre and turns as it moves', () => {
    expect(anglesFromPointer({ x: 300, y: 300 }, 600)).toEqual({ yaw: 0, pitch: 0 });
    const still = cubeSegments({ x: 300, y: 300 }, 600);
    const moved = cubeSegments({ x: 450, y: 200 }, 600);
    expect(moved).not.toEqual(still);
  });

  it('keeps the cube rigid while rotating', () => {
    for (const v of cubeVertices) expect(length(rotate(v, 0.7, -1.3))).toBeCloseTo(Math.sqrt(3));
  });

  it('draws inside the canvas for any pointer position', () => {
    for (const p of [
      { x: 0, y: 0 },
      { x: 600, y: 600 },
      { x: 123, y: 456 },
    ]) {
      for (const [a, b] of cubeSegments(p, 600)) {
        for (const q of [a, b]) {
          expect(q.x).toBeGreaterThan(0);
          expect(q.x).toBeLessThan(600);
          expect(q.y).toBeGreaterThan(0);
          expect(q.y).toBeLessThan(600);
        }
      }
    }
  });
});
