import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIG,
  FOOD_POINTS,
  MAX_QUEUED_TURNS,
  createGame,
  keyDirection,
  queueTurn,
  spawnFood,
  start,
  step,
  swipeDirection,
  tickMs,
  togglePause,
  type Point,
  type Rng,
  type SnekConfig,
  type SnekState,
} from './logic.ts';

const first: Rng = () => 0;

/** A running game with the snake and food placed by hand. */
function game(snake: Point[], food: Point, overrides: Partial<SnekState> = {}): SnekState {
  return { ...start(createGame(first)), snake, food, ...overrides };
}

const row = (y: number, ...xs: number[]): Point[] => xs.map((x) => ({ x, y }));

describe('moving and turning', () => {
  it('starts waiting, and a tick does nothing until the game is started', () => {
    const ready = createGame(first);
    expect(ready.status).toBe('ready');
    expect(step(ready, first)).toBe(ready);
    expect(start(ready).status).toBe('running');
  });

  it('moves the head one cell forward and the tail follows', () => {
    const moved = step(game(row(5, 5, 4, 3), { x: 0, y: 0 }), first);
    expect(moved.snake).toEqual(row(5, 6, 5, 4));
  });

  it('turns on the next tick after a turn is queued', () => {
    const turned = step(queueTurn(game(row(5, 5, 4, 3), { x: 0, y: 0 }), 'up'), first);
    expect(turned.snake[0]).toEqual({ x: 5, y: 4 });
    expect(turned.direction).toBe('up');
  });

  it('ignores a turn straight back into the body', () => {
    const state = game(row(5, 5, 4, 3), { x: 0, y: 0 });
    expect(queueTurn(state, 'left')).toBe(state);
    expect(step(queueTurn(state, 'left'), first).snake[0]).toEqual({ x: 6, y: 5 });
  });

  it('ignores a reversal hidden behind a queued turn (up then down within one tick)', () => {
    const state = queueTurn(queueTurn(game(row(5, 5, 4, 3), { x: 0, y: 0 }), 'up'), 'down');
    expect(state.queue).toEqual(['up']);
  });
});

describe('input queue', () => {
  it('keeps two quick presses within one tick and plays them on consecutive ticks', () => {
    let state = game(row(5, 5, 4, 3), { x: 0, y: 0 });
    state = queueTurn(queueTurn(state, 'up'), 'left');
    state = step(state, first);
    expect(state.snake[0]).toEqual({ x: 5, y: 4 });
    state = step(state, first);
    expect(state.snake[0]).toEqual({ x: 4, y: 4 });
    expect(state.direction).toBe('left');
    expect(state.queue).toEqual([]);
  });

  it('drops repeated presses of the same heading', () => {
    const state = game(row(5, 5, 4, 3), { x: 0, y: 0 });
    expect(queueTurn(state, 'right')).toBe(state);
    expect(queueTurn(queueTurn(state, 'up'), 'up').queue).toEqual(['up']);
  });

  it(`holds at most ${MAX_QUEUED_TURNS} turns`, () => {
    let state = game(row(5, 5, 4, 3), { x: 0, y: 0 });
    for (const dir of ['up', 'left', 'down', 'right', 'up'] as const) state = queueTurn(state, dir);
    expect(state.queue).toEqual(['up', 'left', 'down']);
  });

  it('ignores turns while paused', () => {
    const paused = togglePause(game(row(5, 5, 4, 3), { x: 0, y: 0 }));
    expect(queueTurn(paused, 'up')).toBe(paused);
  });
});

describe('eating', () => {
  it('grows by one cell and scores when the head reaches the food', () => {
    const ate = step(game(row(5, 5, 4, 3), { x: 6, y: 5 }), first);
    expect(ate.snake).toEqual(row(5, 6, 5, 4, 3));
    expect(ate.score).toBe(FOOD_POINTS);
    expect(ate.food).not.toEqual({ x: 6, y: 5 });
  });

  it('does not grow or score when it misses the food', () => {
    const moved = step(game(row(5, 5, 4, 3), { x: 9, y: 9 }), first);
    expect(moved.snake).toHaveLength(3);
    expect(moved.score).toBe(0);
  });

  it('never spawns food on the snake, whatever the random number', () => {
    const config: SnekConfig = { width: 4, height: 2, initialLength: 2 };
    const snake = [...row(0, 0, 1, 2, 3), ...row(1, 3, 2)];
    for (const r of [0, 0.2, 0.49, 0.5, 0.99, 0.999999]) {
      const food = spawnFood(snake, config, () => r) as Point;
      expect(snake.some((p) => p.x === food.x && p.y === food.y)).toBe(false);
    }
  });

  it('picks the food cell among the free cells by the random number', () => {
    const config: SnekConfig = { width: 3, height: 1, initialLength: 1 };
    const spots = [0, 0.5, 0.99].map((r) => spawnFood(row(0, 1), config, () => r));
    expect(spots).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 0 },
    ]);
  });

  it('ends the game as a win when the snake fills the board', () => {
    const config: SnekConfig = { width: 3, height: 1, initialLength: 2 };
    const full = step({ ...game(row(0, 1, 0), { x: 2, y: 0 }), config }, first);
    expect(full.status).toBe('over');
    expect(full.won).toBe(true);
    expect(full.food).toBeNull();
  });
});

describe('game over', () => {
  it('ends the game when the head hits a wall', () => {
    const edge = DEFAULT_CONFIG.width - 1;
    const crashed = step(game(row(3, edge, edge - 1, edge - 2), { x: 0, y: 0 }), first);
    expect(crashed.status).toBe('over');
    expect(crashed.won).toBe(false);
    expect(crashed.snake[0]).toEqual({ x: edge, y: 3 });
  });

  it('ends the game when the head runs into its own body', () => {
    // A hook: the head at (5,5) heading left would hit the segment at (4,5).
    const snake = [
      { x: 5, y: 5 },
      { x: 5, y: 4 },
      { x: 4, y: 4 },
      { x: 3, y: 4 },
      { x: 3, y: 5 },
      { x: 4, y: 5 },
      { x: 4, y: 6 },
    ];
    const crashed = step(game(snake, { x: 0, y: 0 }, { direction: 'down', queue: ['left'] }), first);
    expect(crashed.status).toBe('over');
  });

  it('lets the head move into the cell the tail is leaving', () => {
    const loop = [
      { x: 5, y: 5 },
      { x: 5, y: 4 },
      { x: 4, y: 4 },
      { x: 4, y: 5 },
    ];
    const moved = step(game(loop, { x: 0, y: 0 }, { direction: 'down', queue: ['left'] }), first);
    expect(moved.status).toBe('running');
    expect(moved.snake[0]).toEqual({ x: 4, y: 5 });
  });

  it('stops moving once over', () => {
    const edge = DEFAULT_CONFIG.width - 1;
    const crashed = step(game(row(3, edge, edge - 1), { x: 0, y: 0 }), first);
    expect(step(crashed, first)).toBe(crashed);
  });
});

describe('pause', () => {
  it('freezes the snake until resumed', () => {
    const paused = togglePause(game(row(5, 5, 4, 3), { x: 0, y: 0 }));
    expect(paused.status).toBe('paused');
    expect(step(paused, first)).toBe(paused);
    expect(step(togglePause(paused), first).snake[0]).toEqual({ x: 6, y: 5 });
  });
});

describe('speed', () => {
  it('ticks faster as the snake grows, down to a floor', () => {
    const start = tickMs(DEFAULT_CONFIG.initialLength);
    expect(tickMs(DEFAULT_CONFIG.initialLength + 5)).toBeLessThan(start);
    expect(tickMs(DEFAULT_CONFIG.initialLength + 10)).toBeLessThan(tickMs(DEFAULT_CONFIG.initialLength + 5));
    expect(tickMs(500)).toBe(tickMs(1000));
    expect(tickMs(1000)).toBeGreaterThan(0);
  });
});

describe('controls', () => {
  it('reads arrows and WASD as headings', () => {
    expect(keyDirection('ArrowUp')).toBe('up');
    expect(keyDirection('a')).toBe('left');
    expect(keyDirection('D')).toBe('right');
    expect(keyDirection('x')).toBeNull();
  });

  it('reads a swipe by its longer axis and ignores a tap', () => {
    expect(swipeDirection(80, 10)).toBe('right');
    expect(swipeDirection(-5, -60)).toBe('up');
    expect(swipeDirection(3, 4)).toBeNull();
  });
});
