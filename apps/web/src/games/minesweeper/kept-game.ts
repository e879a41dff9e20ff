import {
  LEVELS,
  gameWithMines,
  reveal,
  toggleFlag,
  type CellState,
  type Game,
  type LevelName,
} from './logic.ts';

/** A game under way, kept for this tab so that a reload or a visit to another page comes back to it. */
export interface KeptGame {
  readonly levelName: LevelName;
  readonly game: Game;
}

const KEY = 'minesweeper.game';
const LETTER: Readonly<Record<CellState, string>> = { hidden: 'h', flagged: 'f', revealed: 'r' };

/** What is kept of a game: only one under way (a board not started or finished has nothing to come back to). */
export function serialiseGame(levelName: LevelName, game: Game, now: number): string | null {
  if (game.status !== 'playing' || game.startedAt === null) return null;
  return JSON.stringify({
    level: levelName,
    mines: game.mines.flatMap((mine, i) => (mine ? [i] : [])),
    cells: game.cells.map((cell) => LETTER[cell]).join(''),
    // The clock counts the time played, not the time away.
    elapsed: Math.max(0, now - game.startedAt),
  });
}

/**
 * Rebuilds a kept game by replaying it through the rules: the mines, then every revealed cell and flag, so a
 * record that does not describe a game the rules allow comes back as null rather than as a broken board.
 */
export function parseKeptGame(text: string | null, now: number): KeptGame | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const levelName = value.level as LevelName;
    const level = Object.hasOwn(LEVELS, levelName) ? LEVELS[levelName] : undefined;
    const { mines, cells, elapsed } = value;
    const size = level ? level.cols * level.rows : 0;
    if (!level || typeof cells !== 'string' || cells.length !== size || !/^[hfr]*$/.test(cells)) return null;
    if (!Array.isArray(mines) || mines.length !== level.mines) return null;
    if (
      !mines.every((i) => Number.isInteger(i) && i >= 0 && i < size) ||
      new Set(mines).size !== mines.length
    )
      return null;
    if (typeof elapsed !== 'number' || !Number.isFinite(elapsed) || elapsed < 0) return null;
    let game = gameWithMines(level, mines as number[], now - elapsed);
    for (let i = 0; i < size; i += 1) {
      if (cells[i] !== 'r' || game.cells[i] === 'revealed') continue;
      game = reveal(game, i, Math.random, now);
      if (game.status !== 'playing') return null;
    }
    for (let i = 0; i < size; i += 1) if (cells[i] === 'f') game = toggleFlag(game, i);
    const same = game.revealed > 0 && game.cells.every((cell, i) => LETTER[cell] === cells[i]);
    return same && game.status === 'playing' ? { levelName, game } : null;
  } catch {
    return null;
  }
}

/** The game kept in this tab at `now`, or null. */
export function loadKeptGame(now: number): KeptGame | null {
  try {
    return parseKeptGame(window.sessionStorage.getItem(KEY), now);
  } catch {
    return null;
  }
}

/** Keeps a game under way for this tab, or forgets the kept one when the game is not under way. */
export function saveKeptGame(levelName: LevelName, game: Game, now: number): void {
  const text = serialiseGame(levelName, game, now);
  try {
    if (text) window.sessionStorage.setItem(KEY, text);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be refused (private browsing); the game then ends with the page.
  }
}
