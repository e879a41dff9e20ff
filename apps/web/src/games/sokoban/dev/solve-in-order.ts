/**
 * A second development solver for levels the A* search in solver.ts gives up on: levels where boxes are packed
 * into a dead end (Microban 153), which must be filled from the far end first. It fills the goals one at a
 * time, the deepest first (furthest from any floor that is not a goal), each with one box pushed there while
 * the others stand still, and backtracks over which box goes where. Not optimal; any answer it gives is
 * replayed by solutions.test.ts like the others.
 */
import { DIRECTIONS, neighbour, type Direction, type Level } from '../level.ts';
import { lurdLetter } from '../lurd.ts';

/** How far each goal lies from the nearest floor that is not a goal; a packing order, deepest first. */
export function goalDepthOrder(level: Level): number[] {
  const goals = level.goals.flatMap((goal, cell) => (goal ? [cell] : []));
  const depth = (goal: number): number => {
    const seen = new Set([goal]);
    let frontier = [goal];
    for (let d = 0; frontier.length > 0; d += 1) {
      if (frontier.some((cell) => !level.goals[cell])) return d;
      const next: number[] = [];
      for (const cell of frontier) {
        for (const dir of DIRECTIONS) {
          const n = neighbour(level, cell, dir);
          if (n === -1 || seen.has(n) || level.walls[n] || !level.inside[n]) continue;
          seen.add(n);
          next.push(n);
        }
      }
      frontier = next;
    }
    return Infinity;
  };
  return goals
    .map((goal) => [goal, depth(goal)] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([g]) => g);
}

/** The shortest moves (walks and pushes of `box` only) that bring `box` to `goal`, others standing still. */
function pushOne(
  level: Level,
  others: ReadonlySet<number>,
  box: number,
  player: number,
  goal: number,
): string | null {
  const size = level.walls.length;
  const free = (cell: number) => cell !== -1 && !level.walls[cell] && !others.has(cell);
  const key = (b: number, p: number) => b * size + p;
  const came = new Map<number, { from: number; letter: string }>();
  const startKey = key(box, player);
  came.set(startKey, { from: -1, letter: '' });
  const queue = [startKey];
  for (let head = 0; head < queue.length; head += 1) {
    const current = queue[head] as number;
    const b = Math.floor(current / size);
    const p = current % size;
    if (b === goal) {
      const letters: string[] = [];
      for (let at = current; at !== startKey;) {
        const step = came.get(at) as { from: number; letter: string };
        letters.push(step.letter);
        at = step.from;
      }
      return letters.reverse().join('');
    }
    for (const dir of DIRECTIONS) {
      const next = neighbour(level, p, dir);
      if (!free(next)) continue;
      let nextBox = b;
      let push = false;
      if (next === b) {
        nextBox = neighbour(level, b, dir);
        if (!free(nextBox)) continue;
        push = true;
      }
      const k = key(nextBox, next);
      if (came.has(k)) continue;
      came.set(k, { from: current, letter: lurdLetter({ dir, push }) });
      queue.push(k);
    }
  }
  return null;
}

/** Solves `level` by filling its goals in `order` (deepest first by default); null when no assignment works. */
export function solveInOrder(
  level: Level,
  order: readonly number[] = goalDepthOrder(level),
  maxTries = 100_000,
): string | null {
  let tries = 0;
  const fill = (at: number, boxes: ReadonlySet<number>, player: number): string | null => {
    const goal = order[at];
    if (goal === undefined) return '';
    const placed = new Set(order.slice(0, at));
    const candidates = [...boxes].filter((box) => !placed.has(box));
    const options = candidates
      .map((box) => {
        const others = new Set(boxes);
        others.delete(box);
        return { box, others, moves: pushOne(level, others, box, player, goal) };
      })
      .filter(
        (option): option is { box: number; others: Set<number>; moves: string } => option.moves !== null,
      )
      .sort((a, b) => a.moves.length - b.moves.length);
    for (const { others, moves } of options) {
      tries += 1;
      if (tries > maxTries) return null;
      const after = new Set(others).add(goal);
      const rest = fill(at + 1, after, endOf(level, player, moves));
      if (rest !== null) return moves + rest;
    }
    return null;
  };
  return fill(0, new Set(level.boxes), level.player);
}

function endOf(level: Level, player: number, moves: string): number {
  const dirs: Readonly<Record<string, Direction>> = { l: 'left', u: 'up', r: 'right', d: 'down' };
  let at = player;
  for (const ch of moves) at = neighbour(level, at, dirs[ch.toLowerCase()] as Direction);
  return at;
}
