/** A direction the warehouse keeper can step in. */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** All four directions, in the order L, U, R, D used by LURD notation. */
export const DIRECTIONS: readonly Direction[] = ['left', 'up', 'right', 'down'];

/** Column and row offset of one step in each direction. */
export const STEP: Readonly<Record<Direction, { dx: number; dy: number }>> = {
  left: { dx: -1, dy: 0 },
  up: { dx: 0, dy: -1 },
  right: { dx: 1, dy: 0 },
  down: { dx: 0, dy: 1 },
};

/**
 * The fixed parts of a puzzle. Cells are numbered row by row (`index = y * width + x`).
 * `inside` marks the floor the keeper can ever reach; cells that are neither wall nor inside
 * are the empty space around the warehouse and are not drawn.
 */
export interface Level {
  readonly width: number;
  readonly height: number;
  readonly walls: readonly boolean[];
  readonly goals: readonly boolean[];
  readonly inside: readonly boolean[];
  readonly player: number;
  readonly boxes: readonly number[];
}

/** The cell one step from `index` in `dir`, or -1 when that leaves the grid. */
export function neighbour(level: Pick<Level, 'width' | 'height'>, index: number, dir: Direction): number {
  const x = (index % level.width) + STEP[dir].dx;
  const y = Math.floor(index / level.width) + STEP[dir].dy;
  if (x < 0 || y < 0 || x >= level.width || y >= level.height) return -1;
  return y * level.width + x;
}

interface RawLevel {
  width: number;
  height: number;
  walls: boolean[];
  goals: boolean[];
  players: number[];
  boxes: number[];
  goalCount: number;
  unknown: string[];
}

function readXsb(xsb: string): RawLevel {
  const rows = xsb.replace(/\r/g, '').split('\n');
  while (rows.length > 0 && (rows[0] as string).trim() === '') rows.shift();
  while (rows.length > 0 && (rows[rows.length - 1] as string).trim() === '') rows.pop();
  const height = rows.length;
  const width = Math.max(0, ...rows.map((row) => row.length));
  const raw: RawLevel = {
    width,
    height,
    walls: new Array<boolean>(width * height).fill(false),
    goals: new Array<boolean>(width * height).fill(false),
    players: [],
    boxes: [],
    goalCount: 0,
    unknown: [],
  };
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const i = y * width + x;
      if (ch === '#') raw.walls[i] = true;
      else if (ch === '@' || ch === '+') raw.players.push(i);
      else if (ch === '$' || ch === '*') raw.boxes.push(i);
      else if (ch !== ' ' && ch !== '.' && ch !== '-' && ch !== '_') raw.unknown.push(ch);
      if (ch === '.' || ch === '+' || ch === '*') {
        raw.goals[i] = true;
        raw.goalCount += 1;
      }
    });
  });
  return raw;
}

/** Flood fill over non-wall cells from `start`; `leaks` is true when the fill reaches the grid's edge. */
function floodInside(raw: RawLevel, start: number): { inside: boolean[]; leaks: boolean } {
  const inside = new Array<boolean>(raw.width * raw.height).fill(false);
  let leaks = false;
  const stack = [start];
  inside[start] = true;
  while (stack.length > 0) {
    const cell = stack.pop() as number;
    for (const dir of DIRECTIONS) {
      const next = neighbour(raw, cell, dir);
      if (next === -1) {
        leaks = true;
        continue;
      }
      if (raw.walls[next] || inside[next]) continue;
      inside[next] = true;
      stack.push(next);
    }
  }
  return { inside, leaks };
}

/**
 * Problems that make an XSB level unplayable: not exactly one keeper, box and goal counts that
 * differ, no boxes, unknown characters, walls that do not close the keeper in, or a box or goal he cannot
 * reach (other than a box already on its goal). Empty when fine.
 */
export function validateLevel(xsb: string): string[] {
  const raw = readXsb(xsb);
  const problems: string[] = [];
  if (raw.unknown.length > 0) problems.push(`unknown characters: ${[...new Set(raw.unknown)].join('')}`);
  if (raw.players.length !== 1) problems.push(`expected one player, found ${raw.players.length}`);
  if (raw.boxes.length === 0) problems.push('no boxes');
  if (raw.boxes.length !== raw.goalCount) {
    problems.push(`${raw.boxes.length} boxes but ${raw.goalCount} goals`);
  }
  const [player] = raw.players;
  if (player !== undefined) {
    const { inside, leaks } = floodInside(raw, player);
    if (leaks) problems.push('walls are not closed around the player');
    // A box already on its goal may be walled off from the keeper: part of the picture, finished from the start
    // (Microban 155 has nine). Any other box or goal the keeper cannot reach makes the level unsolvable.
    const boxAt = new Set(raw.boxes);
    if (raw.boxes.some((box) => !inside[box] && !raw.goals[box]))
      problems.push('a box lies outside the walls');
    if (raw.goals.some((goal, i) => goal && !inside[i] && !boxAt.has(i))) {
      problems.push('a goal lies outside the walls');
    }
  }
  return problems;
}

/** Parses a level in XSB notation (# wall, @ player, + player on goal, $ box, * box on goal, . goal). */
export function parseLevel(xsb: string): Level {
  const problems = validateLevel(xsb);
  if (problems.length > 0) throw new Error(`Invalid level: ${problems.join('; ')}`);
  const raw = readXsb(xsb);
  const player = raw.players[0] as number;
  return {
    width: raw.width,
    height: raw.height,
    walls: raw.walls,
    goals: raw.goals,
    inside: floodInside(raw, player).inside,
    player,
    boxes: [...raw.boxes].sort((a, b) => a - b),
  };
}
