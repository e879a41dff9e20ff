/**
 * A development-only Sokoban solver used to produce `solutions.ts`; the game never imports it.
 * A* over box positions (one node per push), with the keeper's position reduced to the region he
 * can walk to. Pruning: boxes never enter dead squares (cells from which no goal can be reached by
 * pushing) and never close a 2x2 block of walls and boxes that is not all on goals.
 */
import { DIRECTIONS, neighbour, type Direction, type Level } from '../level.ts';
import { lurdLetter } from '../lurd.ts';
import { MinHeap } from './min-heap.ts';

interface Push {
  readonly box: number;
  readonly dir: Direction;
}

interface SearchNode {
  readonly boxes: Int32Array;
  readonly player: number;
  readonly pushes: number;
  readonly parent: SearchNode | null;
  readonly push: Push | null;
}

const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  left: 'right',
  right: 'left',
  up: 'down',
  down: 'up',
};

/** Fewest pushes from each cell to the nearest goal, ignoring other boxes; Infinity marks a dead square. */
export function pushDistances(level: Level): number[] {
  const distance = new Array<number>(level.walls.length).fill(Infinity);
  const queue: number[] = [];
  level.goals.forEach((goal, cell) => {
    if (goal) {
      distance[cell] = 0;
      queue.push(cell);
    }
  });
  // Walk pulls backwards from the goals: a box at `cell` came from `from` if the keeper could stand behind it.
  for (let head = 0; head < queue.length; head += 1) {
    const cell = queue[head] as number;
    for (const dir of DIRECTIONS) {
      const from = neighbour(level, cell, dir);
      const keeper = from === -1 ? -1 : neighbour(level, from, dir);
      if (keeper === -1 || !level.inside[from] || !level.inside[keeper]) continue;
      if (distance[from] !== Infinity) continue;
      distance[from] = (distance[cell] as number) + 1;
      queue.push(from);
    }
  }
  return distance;
}

function reachable(level: Level, boxes: Set<number>, start: number): Uint8Array {
  const seen = new Uint8Array(level.walls.length);
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    for (const dir of DIRECTIONS) {
      const next = neighbour(level, cell, dir);
      if (next === -1 || seen[next] || level.walls[next] || boxes.has(next)) continue;
      seen[next] = 1;
      stack.push(next);
    }
  }
  return seen;
}

function blocked(level: Level, boxes: Set<number>, cell: number): boolean {
  return cell === -1 || level.walls[cell] === true || boxes.has(cell);
}

/** True when the box just pushed to `cell` closes a 2x2 square of walls and boxes with a box off its goal. */
function frozenSquare(level: Level, boxes: Set<number>, cell: number): boolean {
  const x = cell % level.width;
  const y = Math.floor(cell / level.width);
  for (const [ox, oy] of [
    [-1, -1],
    [0, -1],
    [-1, 0],
    [0, 0],
  ] as const) {
    const left = x + ox;
    const top = y + oy;
    if (left < 0 || top < 0 || left + 1 >= level.width || top + 1 >= level.height) continue;
    const square = [0, 1, level.width, level.width + 1].map((d) => top * level.width + left + d);
    if (!square.every((c) => blocked(level, boxes, c))) continue;
    if (square.some((c) => boxes.has(c) && !level.goals[c])) return true;
  }
  return false;
}

function keyOf(boxes: Int32Array, region: Uint8Array): string {
  return `${boxes.join(',')}|${region.indexOf(1)}`;
}

function heuristic(boxes: Int32Array, distance: number[]): number {
  let sum = 0;
  for (const box of boxes) sum += distance[box] as number;
  return sum;
}

/** The walk from `from` to `to` through free floor, in LURD letters. */
function walk(level: Level, boxes: Set<number>, from: number, to: number): string {
  const cameFrom = new Map<number, [number, Direction]>([[from, [from, 'left']]]);
  const queue = [from];
  for (let head = 0; head < queue.length && !cameFrom.has(to); head += 1) {
    const cell = queue[head] as number;
    for (const dir of DIRECTIONS) {
      const next = neighbour(level, cell, dir);
      if (next === -1 || cameFrom.has(next) || level.walls[next] || boxes.has(next)) continue;
      cameFrom.set(next, [cell, dir]);
      queue.push(next);
    }
  }
  let path = '';
  for (let cell = to; cell !== from;) {
    const [prev, dir] = cameFrom.get(cell) as [number, Direction];
    path = lurdLetter({ dir, push: false }) + path;
    cell = prev;
  }
  return path;
}

function toLurd(level: Level, goal: SearchNode): string {
  const pushes: Push[] = [];
  for (let node: SearchNode | null = goal; node?.push; node = node.parent) pushes.unshift(node.push);
  const boxes = new Set(level.boxes);
  let player = level.player;
  let lurd = '';
  for (const { box, dir } of pushes) {
    lurd += walk(level, boxes, player, neighbour(level, box, OPPOSITE[dir]));
    lurd += lurdLetter({ dir, push: true });
    boxes.delete(box);
    boxes.add(neighbour(level, box, dir));
    player = box;
  }
  return lurd;
}

/** Search limits: `maxNodes` expanded positions; `weight` > 1 trades push-optimal answers for speed. */
export interface SolveOptions {
  readonly maxNodes?: number;
  readonly weight?: number;
}

/**
 * Finds a solution in LURD notation, or null when there is none or the search gives up. With the
 * default weight of 1 the answer has the fewest pushes possible.
 */
export function solve(level: Level, { maxNodes = 2_000_000, weight = 1 }: SolveOptions = {}): string | null {
  const distance = pushDistances(level);
  if (level.boxes.some((box) => distance[box] === Infinity)) return null;
  const start: SearchNode = {
    boxes: Int32Array.from(level.boxes),
    player: level.player,
    pushes: 0,
    parent: null,
    push: null,
  };
  const open = new MinHeap<SearchNode>();
  open.push(start, weight * heuristic(start.boxes, distance));
  const closed = new Set<string>();
  let expanded = 0;
  while (open.size > 0 && expanded < maxNodes) {
    const node = open.pop() as SearchNode;
    const boxes = new Set(node.boxes);
    const region = reachable(level, boxes, node.player);
    const key = keyOf(node.boxes, region);
    if (closed.has(key)) continue;
    closed.add(key);
    expanded += 1;
    if (node.boxes.every((box) => level.goals[box])) return toLurd(level, node);
    for (const box of node.boxes) {
      for (const dir of DIRECTIONS) {
        const behind = neighbour(level, box, OPPOSITE[dir]);
        const target = neighbour(level, box, dir);
        if (behind === -1 || !region[behind] || blocked(level, boxes, target)) continue;
        if (distance[target] === Infinity) continue;
        boxes.delete(box);
        boxes.add(target);
        if (!frozenSquare(level, boxes, target)) {
          const next = Int32Array.from([...boxes].sort((a, b) => a - b));
          const child: SearchNode = {
            boxes: next,
            player: box,
            pushes: node.pushes + 1,
            parent: node,
            push: { box, dir },
          };
          open.push(child, child.pushes + weight * heuristic(next, distance));
        }
        boxes.delete(target);
        boxes.add(box);
      }
    }
  }
  return null;
}
