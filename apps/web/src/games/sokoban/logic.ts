import { DIRECTIONS, neighbour, type Direction, type Level } from './level.ts';

export { DIRECTIONS, parseLevel, validateLevel, type Direction, type Level } from './level.ts';

/**
 * One position in a game. States are immutable; each successful step links to the state before
 * it, which makes undo unlimited and free.
 */
export interface SokobanState {
  readonly level: Level;
  readonly player: number;
  readonly boxes: ReadonlySet<number>;
  readonly moves: number;
  readonly pushes: number;
  /** Where the keeper last stepped, so the view can turn the sprite. */
  readonly facing: Direction;
  readonly previous: SokobanState | null;
}

/** The starting position of a level, with no moves and no history. */
export function initialState(level: Level): SokobanState {
  return {
    level,
    player: level.player,
    boxes: new Set(level.boxes),
    moves: 0,
    pushes: 0,
    facing: 'down',
    previous: null,
  };
}

/**
 * Steps the keeper one cell. A box in the way is pushed when the cell behind it is free.
 * Walking into a wall, or pushing into a wall or another box, returns the same state unchanged.
 */
export function move(state: SokobanState, dir: Direction): SokobanState {
  const { level } = state;
  const target = neighbour(level, state.player, dir);
  if (target === -1 || level.walls[target]) return state;
  if (!state.boxes.has(target)) {
    return { ...state, player: target, moves: state.moves + 1, facing: dir, previous: state };
  }
  const beyond = neighbour(level, target, dir);
  if (beyond === -1 || level.walls[beyond] || state.boxes.has(beyond)) return state;
  const boxes = new Set(state.boxes);
  boxes.delete(target);
  boxes.add(beyond);
  return {
    ...state,
    player: target,
    boxes,
    moves: state.moves + 1,
    pushes: state.pushes + 1,
    facing: dir,
    previous: state,
  };
}

/** The state before the last step, or the same state when nothing has been played. */
export function undo(state: SokobanState): SokobanState {
  return state.previous ?? state;
}

/** Back to the level's start; the history is dropped. */
export function restart(state: SokobanState): SokobanState {
  return initialState(state.level);
}

/** True when every box stands on a goal. */
export function isSolved(state: SokobanState): boolean {
  for (const box of state.boxes) if (!state.level.goals[box]) return false;
  return true;
}

/** Number of boxes currently on goals. */
export function boxesOnGoals(state: SokobanState): number {
  let count = 0;
  for (const box of state.boxes) if (state.level.goals[box]) count += 1;
  return count;
}

/** The direction from one cell to an orthogonally adjacent cell, or null when they do not touch. */
export function directionBetween(level: Level, from: number, to: number): Direction | null {
  return DIRECTIONS.find((dir) => neighbour(level, from, dir) === to) ?? null;
}

/**
 * The shortest walk (no pushes) from the keeper to `target`, or null when boxes or walls block it.
 * An empty list means the keeper already stands there.
 */
export function walkTo(state: SokobanState, target: number): Direction[] | null {
  const { level } = state;
  if (target === state.player) return [];
  const cameFrom = new Map<number, { from: number; dir: Direction }>();
  const queue = [state.player];
  const seen = new Set(queue);
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as number;
    for (const dir of DIRECTIONS) {
      const next = neighbour(level, cell, dir);
      if (next === -1 || seen.has(next) || level.walls[next] || state.boxes.has(next)) continue;
      seen.add(next);
      cameFrom.set(next, { from: cell, dir });
      if (next === target) return unwind(cameFrom, state.player, target);
      queue.push(next);
    }
  }
  return null;
}

function unwind(
  cameFrom: Map<number, { from: number; dir: Direction }>,
  start: number,
  end: number,
): Direction[] {
  const path: Direction[] = [];
  for (let cell = end; cell !== start;) {
    const step = cameFrom.get(cell) as { from: number; dir: Direction };
    path.push(step.dir);
    cell = step.from;
  }
  return path.reverse();
}
