/** A wireframe cube turned by the mouse: pure geometry, drawn by SplashCube. */

export type Vec3 = readonly [number, number, number];
export type Point = { x: number; y: number };

/** The 8 corners of a cube of side 2 centred on the origin. */
export const cubeVertices: Vec3[] = [-1, 1].flatMap((x) =>
  [-1, 1].flatMap((y) => [-1, 1].map((z) => [x, y, z] as const)),
);

/** The 12 edges: pairs of corners that differ in exactly one coordinate. */
export const cubeEdges: [number, number][] = cubeVertices.flatMap((a, i) =>
  cubeVertices
    .map((b, j) => [j, b] as const)
    .filter(([j, b]) => j > i && a.filter((v, k) => v !== b[k]).length === 1)
    .map(([j]) => [i, j] as [number, number]),
);

/**
 * Angles from the pointer's position over a square canvas of `size`: the centre is at rest, and each edge turns
 * the cube a full half-turn about the matching axis.
 */
export function anglesFromPointer(p: Point, size: number): { yaw: number; pitch: number } {
  return { yaw: ((p.x - size / 2) / size) * Math.PI * 2, pitch: ((p.y - size / 2) / size) * Math.PI * 2 };
}

/** Rotates about the y axis by yaw, then about the x axis by pitch. */
export function rotate([x, y, z]: Vec3, yaw: number, pitch: number): Vec3 {
  const x1 = x * Math.cos(yaw) + z * Math.sin(yaw);
  const z1 = -x * Math.sin(yaw) + z * Math.cos(yaw);
  const y2 = y * Math.cos(pitch) - z1 * Math.sin(pitch);
  const z2 = y * Math.sin(pitch) + z1 * Math.cos(pitch);
  return [x1, y2, z2];
}

/** Perspective projection onto a square canvas of `size`, the camera `distance` units in front. */
export function project([x, y, z]: Vec3, size: number, distance = 4): Point {
  const scale = (size * 0.9) / (distance + z);
  return { x: size / 2 + x * scale, y: size / 2 - y * scale };
}

/** The 12 edges as screen segments for the given pointer position. */
export function cubeSegments(pointer: Point, size: number): [Point, Point][] {
  const { yaw, pitch } = anglesFromPointer(pointer, size);
  const points = cubeVertices.map((v) => project(rotate(v, yaw, pitch), size));
  return cubeEdges.map(([a, b]) => [points[a]!, points[b]!]);
}
