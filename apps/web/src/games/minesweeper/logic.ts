/** Board size and mine count of a difficulty. */
export interface Difficulty {
  readonly cols: number;
  readonly rows: number;
  readonly mines: number;
}

/** Names of the offered difficulties. */
export type LevelName = 'beginner' | 'intermediate' | 'expert';

/** The classic three difficulties. */
export const LEVELS: Readonly<Record<LevelName, Difficulty>> = {
  beginner: { cols: 9, rows: 9, mines: 10 },
  intermediate: { cols: 16, rows: 16, mines: 40 },
  expert: { cols: 30, rows: 16, mines: 99 },
};

/** What the player sees of a cell. */
export type CellState = 'hidden' | 'flagged' | 'revealed';

/** 'ready' until the first reveal places the mines; then 'playing' until 'won' or 'lost'. */
export type Status = 'ready' | 'playing' | 'won' | 'lost';

/** A whole game. Cells are indexed row by row: index = row * cols + col. Every update returns a new Game. */
export interface Game {
  readonly level: Difficulty;
  /** Mine positions; all false until the first reveal. */
  readonly mines: readonly boolean[];
  /** Number of mines among each cell's neighbours. */
  readonly counts: readonly number[];
  readonly cells: readonly CellState[];
  readonly status: Status;
  /** The mine that went off, when lost. */
  readonly exploded: number | null;
  /** Clock time (ms) of the first reveal and of the end of the game. */
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  readonly revealed: number;
  readonly flags: number;
}

/** A source of random numbers in [0, 1). */
export type Random = () => number;

/** Indices of the up to 8 cells around `index`. */
export function neighbours(level: Difficulty, index: number): number[] {
  const row = Math.floor(index / level.cols);
  const col = index % level.cols;
  const result: number[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const r = row + dr;
      const c = col + dc;
      if (r >= 0 && r < level.rows && c >= 0 && c < level.cols) result.push(r * level.cols + c);
    }
  }
  return result;
}

/** A new, empty board: mines are placed on the first reveal so that it is always safe. */
export function newGame(level: Difficulty): Game {
  const size = level.cols * level.rows;
  return {
    level,
    mines: Array<boolean>(size).fill(false),
    counts: Array<number>(size).fill(0),
    cells: Array<CellState>(size).fill('hidden'),
    status: 'ready',
    exploded: null,
    startedAt: null,
    endedAt: null,
    revealed: 0,
    flags: 0,
  };
}

function countMines(level: Difficulty, mines: readonly boolean[]): number[] {
  return mines.map((_, i) => neighbours(level, i).filter((n) => mines[n]).length);
}

/**
 * Picks the mine cells uniformly at random among all cells except `safe` and its neighbours, so the first
 * clicked cell is a zero and opens a region.
 */
export function placeMines(level: Difficulty, safe: number, random: Random): boolean[] {
  const size = level.cols * level.rows;
  const keepClear = new Set([safe, ...neighbours(level, safe)]);
  const candidates: number[] = [];
  for (let i = 0; i < size; i++) if (!keepClear.has(i)) candidates.push(i);
  const mines = Array<boolean>(size).fill(false);
  const count = Math.min(level.mines, candidates.length);
  for (let k = 0; k < count; k++) {
    const pick = k + Math.floor(random() * (candidates.length - k));
    const chosen = candidates[pick]!;
    candidates[pick] = candidates[k]!;
    candidates[k] = chosen;
    mines[chosen] = true;
  }
  return mines;
}

/** A game in progress with mines exactly at `mineIndices` (for puzzles and tests); the clock starts at `now`. */
export function gameWithMines(level: Difficulty, mineIndices: readonly number[], now = 0): Game {
  const mines = Array<boolean>(level.cols * level.rows).fill(false);
  for (const i of mineIndices) mines[i] = true;
  return { ...newGame(level), mines, counts: countMines(level, mines), status: 'playing', startedAt: now };
}

function isOver(game: Game): boolean {
  return game.status === 'won' || game.status === 'lost';
}

/** Opens the given cells plus, from every zero among them, the whole connected zero region and its border. */
function openCells(game: Game, start: readonly number[], now: number): Game {
  const cells = [...game.cells];
  let revealed = game.revealed;
  let exploded: number | null = null;
  const queue = [...start];
  while (queue.length > 0) {
    const i = queue.pop()!;
    if (cells[i] !== 'hidden') continue;
    cells[i] = 'revealed';
    if (game.mines[i]) {
      exploded ??= i;
      continue;
    }
    revealed++;
    if (game.counts[i] === 0)
      for (const n of neighbours(game.level, i)) if (cells[n] === 'hidden') queue.push(n);
  }
  if (exploded !== null) return { ...game, cells, revealed, status: 'lost', exploded, endedAt: now };
  const { cols, rows, mines } = game.level;
  if (revealed === cols * rows - mines) {
    const flagged = cells.map((state, i) => (game.mines[i] ? 'flagged' : state));
    return { ...game, cells: flagged, revealed, flags: mines, status: 'won', endedAt: now };
  }
  return { ...game, cells, revealed };
}

/**
 * Reveals a hidden cell. The first reveal places the mines (with `random`) away from it and starts the clock
 * at `now`. Flagged and already revealed cells are left alone, as is everything once the game is over.
 */
export function reveal(game: Game, index: number, random: Random, now: number): Game {
  if (game.status === 'ready') return begin(game, placeMines(game.level, index, random), index, now);
  if (isOver(game) || game.cells[index] !== 'hidden') return game;
  return openCells(game, [index], now);
}

/**
 * The first reveal of a 'ready' game, at `first`, with the mines laid for it (by `placeMines` or the no-guess
 * generator): starts the clock at `now`. Anything but a hidden cell of a 'ready' game is left alone.
 */
export function begin(game: Game, mines: readonly boolean[], first: number, now: number): Game {
  if (game.status !== 'ready' || game.cells[first] !== 'hidden') return game;
  const started: Game = {
    ...game,
    mines,
    counts: countMines(game.level, mines),
    status: 'playing',
    startedAt: now,
  };
  return openCells(started, [first], now);
}

/**
 * Chording: on a revealed number whose neighbouring flags match it, opens all its other hidden neighbours
 * (which loses if a flag was wrong). Anything else is left alone.
 */
export function chord(game: Game, index: number, now: number): Game {
  if (game.status !== 'playing' || game.cells[index] !== 'revealed') return game;
  const count = game.counts[index]!;
  if (count === 0) return game;
  const around = neighbours(game.level, index);
  const flags = around.filter((n) => game.cells[n] === 'flagged').length;
  if (flags !== count) return game;
  const closed = around.filter((n) => game.cells[n] === 'hidden');
  return closed.length === 0 ? game : openCells(game, closed, now);
}

/** What a click (or Enter/Space) does: reveal a hidden cell, or chord on a revealed number. */
export function activate(game: Game, index: number, random: Random, now: number): Game {
  return game.cells[index] === 'revealed' ? chord(game, index, now) : reveal(game, index, random, now);
}

/** Puts a flag on a hidden cell or takes it off again; revealed cells and finished games are left alone. */
export function toggleFlag(game: Game, index: number): Game {
  if (isOver(game)) return game;
  const state = game.cells[index];
  if (state === 'revealed' || state === undefined) return game;
  const cells = [...game.cells];
  cells[index] = state === 'flagged' ? 'hidden' : 'flagged';
  return { ...game, cells, flags: game.flags + (state === 'flagged' ? -1 : 1) };
}

/** The mine counter: mines minus flags (negative when too many flags are down). */
export function minesLeft(game: Game): number {
  return game.level.mines - game.flags;
}

/** Whole seconds on the clock: from the first reveal to now or to the end of the game, at most 999. */
export function elapsedSeconds(game: Game, now: number): number {
  if (game.startedAt === null) return 0;
  const end = game.endedAt ?? now;
  return Math.min(999, Math.floor(Math.max(0, end - game.startedAt) / 1000));
}

/** After a loss: a flag on a cell without a mine. */
export function isWrongFlag(game: Game, index: number): boolean {
  return game.status === 'lost' && game.cells[index] === 'flagged' && !game.mines[index];
}
