import { swipeDirection, type Direction } from './logic.ts';

/** Where the finger was when the last turn was taken (or it touched down). */
export interface SwipeOrigin {
  readonly x: number;
  readonly y: number;
  readonly id: number;
  /** Whether this touch has turned the snake yet; a touch that never did is a tap. */
  readonly turned: boolean;
}

/**
 * A finger moving on the board: once it has travelled the swipe threshold from its origin, the snake turns at
 * once (not when the finger lifts) and the origin moves to the finger, so one drag that bends turns again.
 */
export function swipeMove(
  origin: SwipeOrigin,
  x: number,
  y: number,
): { origin: SwipeOrigin; turn: Direction | null } {
  const turn = swipeDirection(x - origin.x, y - origin.y);
  if (!turn) return { origin, turn: null };
  return { origin: { x, y, id: origin.id, turned: true }, turn };
}
