import { DEFAULT_CONFIG, togglePause, type Direction, type Point, type SnekState } from './logic.ts';

const KEY = 'snek.game';
const DIRECTIONS: readonly Direction[] = ['up', 'down', 'left', 'right'];

/**
 * The game to keep when the page is left: a running game comes back paused (nobody wants to return to a crash),
 * a paused one as it was; a game not started or over has nothing worth keeping.
 */
export function gameToKeep(state: SnekState): SnekState | null {
  if (state.status === 'running') return togglePause(state);
  return state.status === 'paused' ? state : null;
}

const isPoint = (value: unknown): value is Point =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as Point).x) &&
  Number.isInteger((value as Point).y) &&
  (value as Point).x >= 0 &&
  (value as Point).y >= 0 &&
  (value as Point).x < DEFAULT_CONFIG.width &&
  (value as Point).y < DEFAULT_CONFIG.height;

/** Reads a kept game back; null when there is none or it is not a paused game this version could have written. */
export function parseKeptGame(text: string | null): SnekState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { snake, direction, food, score } = value;
    if (!Array.isArray(snake) || snake.length < DEFAULT_CONFIG.initialLength || !snake.every(isPoint))
      return null;
    if (!DIRECTIONS.includes(direction as Direction)) return null;
    if (!isPoint(food)) return null;
    if (!Number.isInteger(score) || (score as number) < 0) return null;
    return {
      config: DEFAULT_CONFIG,
      snake,
      direction: direction as Direction,
      queue: [],
      food,
      score: score as number,
      status: 'paused',
      won: false,
    };
  } catch {
    return null;
  }
}

/** The game kept in this tab, or null. */
export function loadKeptGame(): SnekState | null {
  try {
    return parseKeptGame(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Keeps `state` for a return to the page (see `gameToKeep`), or forgets the kept game when there is none. */
export function saveKeptGame(state: SnekState): void {
  const kept = gameToKeep(state);
  try {
    if (kept) {
      const { snake, direction, food, score } = kept;
      window.sessionStorage.setItem(KEY, JSON.stringify({ snake, direction, food, score }));
    } else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be refused (private browsing); the game then ends with the page.
  }
}
