/** A heading on the grid. */
export type Direction = 'up' | 'down' | 'left' | 'right';

/** A grid cell; x grows to the right, y grows downwards. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** ready: waiting for the first key; over: crashed (or filled the board, see `won`). */
export type Status = 'ready' | 'running' | 'paused' | 'over';

/** A random number in [0, 1); injected so tests can fix where food appears. */
export type Rng = () => number;

/** Board size and starting length. */
export interface SnekConfig {
  readonly width: number;
  readonly height: number;
  readonly initialLength: number;
}

/** One moment of a game. States are immutable; every function returns a new one. */
export interface SnekState {
  readonly config: SnekConfig;
  /** Head first. */
  readonly snake: readonly Point[];
  readonly direction: Direction;
  /** Turns pressed but not yet taken, oldest first. */
  readonly queue: readonly Direction[];
  /** Null only when the snake fills the board. */
  readonly food: Point | null;
  readonly score: number;
  readonly status: Status;
  readonly won: boolean;
}

/** 32 x 24 cells of 25 px fill the 800 x 600 canvas. */
export const DEFAULT_CONFIG: SnekConfig = { width: 32, height: 24, initialLength: 4 };

/** Points for each piece of food. */
export const FOOD_POINTS = 10;

/** How many turns can wait for the next ticks; more would make the snake lag behind the keys. */
export const MAX_QUEUED_TURNS = 3;

/** Tick length at the starting length, the gain per cell grown, and the fastest tick, in ms. */
export const SPEED = { startMs: 140, stepMs: 4, minMs: 55 } as const;

const STEP: Readonly<Record<Direction, Point>> = {
  up: { x: 0, y: -1 },
  down: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  up: 'down',
  down: 'up',
  left: 'right',
  right: 'left',
};

const samePoint = (a: Point, b: Point): boolean => a.x === b.x && a.y === b.y;

/** A uniformly chosen free cell for the next food, or null when the snake covers the board. */
export function spawnFood(snake: readonly Point[], config: SnekConfig, rng: Rng): Point | null {
  const taken = new Set(snake.map((p) => p.y * config.width + p.x));
  const free: Point[] = [];
  for (let y = 0; y < config.height; y += 1) {
    for (let x = 0; x < config.width; x += 1) {
      if (!taken.has(y * config.width + x)) free.push({ x, y });
    }
  }
  if (free.length === 0) return null;
  const pick = Math.min(free.length - 1, Math.floor(rng() * free.length));
  return free[pick] as Point;
}

/** A new game: the snake lies in the middle row heading right, waiting to start. */
export function createGame(rng: Rng, config: SnekConfig = DEFAULT_CONFIG): SnekState {
  const y = Math.floor(config.height / 2);
  const headX = Math.floor(config.width / 2);
  const snake = Array.from({ length: config.initialLength }, (_, i) => ({ x: headX - i, y }));
  return {
    config,
    snake,
    direction: 'right',
    queue: [],
    food: spawnFood(snake, config, rng),
    score: 0,
    status: 'ready',
    won: false,
  };
}

/** Starts a game that is waiting; any other state is returned unchanged. */
export function start(state: SnekState): SnekState {
  return state.status === 'ready' ? { ...state, status: 'running' } : state;
}

/** Pauses a running game or resumes a paused one. */
export function togglePause(state: SnekState): SnekState {
  if (state.status === 'running') return { ...state, status: 'paused' };
  if (state.status === 'paused') return { ...state, status: 'running' };
  return state;
}

/**
 * Queues a turn for the coming ticks, so two quick presses within one tick both count.
 * A turn is ignored when it repeats or reverses the heading it would follow (the last queued
 * turn, else the current heading), when the queue is full, or while paused or over.
 */
export function queueTurn(state: SnekState, dir: Direction): SnekState {
  if (state.status === 'paused' || state.status === 'over') return state;
  const last = state.queue.at(-1) ?? state.direction;
  if (dir === last || dir === OPPOSITE[last] || state.queue.length >= MAX_QUEUED_TURNS) return state;
  return { ...state, queue: [...state.queue, dir] };
}

/**
 * Advances a running game by one cell: takes the next queued turn, then moves, eats and grows,
 * or ends the game on a wall or on the snake's own body. Other states are returned unchanged.
 */
export function step(state: SnekState, rng: Rng): SnekState {
  if (state.status !== 'running') return state;
  const [turn, ...queue] = state.queue;
  const direction = turn ?? state.direction;
  const { config, snake } = state;
  const head = snake[0] as Point;
  const next = { x: head.x + STEP[direction].x, y: head.y + STEP[direction].y };
  if (next.x < 0 || next.y < 0 || next.x >= config.width || next.y >= config.height) {
    return { ...state, direction, queue: [], status: 'over' };
  }
  const eats = state.food !== null && samePoint(next, state.food);
  // The tail moves out of the way this tick unless the snake grows, so the head may follow it.
  const body = eats ? snake : snake.slice(0, -1);
  if (body.some((p) => samePoint(p, next))) return { ...state, direction, queue: [], status: 'over' };
  const moved = [next, ...body];
  if (!eats) return { ...state, snake: moved, direction, queue };
  const food = spawnFood(moved, config, rng);
  return {
    ...state,
    snake: moved,
    direction,
    queue,
    food,
    score: state.score + FOOD_POINTS,
    status: food === null ? 'over' : 'running',
    won: food === null,
  };
}

/** Milliseconds between ticks for a snake of `length`; the longer the snake, the faster it goes. */
export function tickMs(length: number, config: SnekConfig = DEFAULT_CONFIG): number {
  const grown = Math.max(0, length - config.initialLength);
  return Math.max(SPEED.minMs, SPEED.startMs - grown * SPEED.stepMs);
}

/** The direction of a swipe from pointer down to pointer up, or null for a tap shorter than `threshold` px. */
export function swipeDirection(dx: number, dy: number, threshold = 24): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < threshold) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}

/** The key a player pressed as a heading, for arrows and WASD; null for any other key. */
export function keyDirection(key: string): Direction | null {
  const keys: Readonly<Record<string, Direction>> = {
    ArrowUp: 'up',
    ArrowDown: 'down',
    ArrowLeft: 'left',
    ArrowRight: 'right',
    w: 'up',
    s: 'down',
    a: 'left',
    d: 'right',
    W: 'up',
    S: 'down',
    A: 'left',
    D: 'right',
  };
  return keys[key] ?? null;
}
