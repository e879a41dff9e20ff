import type { RipsComplex } from './complex.ts';
import { project, transform, type Camera, type Mat3, type Projected, type Vec3 } from './geometry.ts';

/** Something to draw, already projected, with the depth used for painter's order. */
export type Shape =
  | {
      readonly kind: 'triangle';
      readonly depth: number;
      readonly corners: readonly [Projected, Projected, Projected];
    }
  | { readonly kind: 'edge'; readonly depth: number; readonly ends: readonly [Projected, Projected] }
  | { readonly kind: 'vertex'; readonly depth: number; readonly at: Projected };

/** Depth bias so an edge is drawn over the triangles it borders, and a vertex over its edges. */
const EDGE_BIAS = 1e-3;
const VERTEX_BIAS = 2e-3;

/**
 * Rotates and projects the complex and lists its triangles, edges and vertices
 * from the farthest to the nearest, so drawing them in order hides what is behind.
 */
export function sceneShapes(
  points: readonly Vec3[],
  complex: RipsComplex,
  rotation: Mat3,
  camera: Camera,
): Shape[] {
  const seen = points.map((p) => project(transform(rotation, p), camera));
  const at = (i: number) => seen[i] as Projected;
  const shapes: Shape[] = [];
  for (const [a, b, c] of complex.triangles) {
    const corners = [at(a), at(b), at(c)] as const;
    shapes.push({
      kind: 'triangle',
      depth: (corners[0].depth + corners[1].depth + corners[2].depth) / 3,
      corners,
    });
  }
  for (const [a, b] of complex.edges) {
    const ends = [at(a), at(b)] as const;
    shapes.push({ kind: 'edge', depth: (ends[0].depth + ends[1].depth) / 2 - EDGE_BIAS, ends });
  }
  for (const p of seen) shapes.push({ kind: 'vertex', depth: p.depth - VERTEX_BIAS, at: p });
  return shapes.sort((x, y) => y.depth - x.depth);
}
