/** A point or vector in 3D. */
export type Vec3 = readonly [number, number, number];

/** A 3×3 matrix in row-major order. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number];

/** The identity rotation. */
export const IDENTITY: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Euclidean distance between two points. */
export function distance(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** Rotation by `angle` radians about the x axis (y towards z). */
export function rotationX(angle: number): Mat3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [1, 0, 0, 0, c, -s, 0, s, c];
}

/** Rotation by `angle` radians about the y axis (z towards x). */
export function rotationY(angle: number): Mat3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, 0, s, 0, 1, 0, -s, 0, c];
}

/** The matrix product a·b: applying it rotates by b first, then by a. */
export function multiply(a: Mat3, b: Mat3): Mat3 {
  const m = (r: number, c: number) =>
    a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  return [m(0, 0), m(0, 1), m(0, 2), m(1, 0), m(1, 1), m(1, 2), m(2, 0), m(2, 1), m(2, 2)];
}

/** The matrix applied to a vector. */
export function transform(m: Mat3, v: Vec3): Vec3 {
  return [
    m[0] * v[0] + m[1] * v[1] + m[2] * v[2],
    m[3] * v[0] + m[4] * v[1] + m[5] * v[2],
    m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
  ];
}

/** Radians of rotation per pixel of drag. */
const DRAG_SPEED = 0.01;

/**
 * The rotation after dragging by (dx, dy) screen pixels: horizontal drags turn the
 * object about the vertical axis and vertical drags tip it towards or away from
 * the viewer, always relative to the screen, not to the object's own axes.
 */
export function dragRotation(current: Mat3, dx: number, dy: number): Mat3 {
  return multiply(rotationX(-dy * DRAG_SPEED), multiply(rotationY(-dx * DRAG_SPEED), current));
}

/** A perspective camera looking down the +z axis at the origin from z = -distance. */
export interface Camera {
  /** Distance from the camera to the origin, in scene units. */
  readonly distance: number;
  /** Pixels per scene unit at distance 1 from the camera. */
  readonly focal: number;
  /** Canvas position of the origin. */
  readonly centerX: number;
  readonly centerY: number;
}

/** A point as seen on screen. */
export interface Projected {
  readonly x: number;
  readonly y: number;
  /** Distance from the camera along its axis: larger is further away. */
  readonly depth: number;
  /** Pixels per scene unit at this depth, for sizing dots. */
  readonly scale: number;
}

/** Perspective projection onto the canvas; the y axis points up in the scene and down on screen. */
export function project(p: Vec3, camera: Camera): Projected {
  const depth = p[2] + camera.distance;
  const scale = camera.focal / depth;
  return { x: camera.centerX + p[0] * scale, y: camera.centerY - p[1] * scale, depth, scale };
}
