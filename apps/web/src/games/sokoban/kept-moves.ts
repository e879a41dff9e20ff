import { initialState, move, type Level, type SokobanState } from './logic.ts';
import { lurdLetter, parseLurd } from './lurd.ts';

/** The unfinished level's moves, kept so that a reload or a return visit carries on where the player left off. */
export interface KeptMoves {
  /** Microban number of the level. */
  readonly level: number;
  /** The moves from the level's start, in LURD notation. */
  readonly moves: string;
}

const KEY = 'sokoban.moves';
/** Far beyond any real game (the longest stored solution has under 1,000 moves); a bigger value is not ours. */
const MAX_MOVES = 100_000;

/** The moves that led from the level's start to `state`, in LURD notation (pushes in capitals). */
export function movesOf(state: SokobanState): string {
  const letters: string[] = [];
  for (let at = state; at.previous; at = at.previous) {
    letters.push(lurdLetter({ dir: at.facing, push: at.pushes > at.previous.pushes }));
  }
  return letters.reverse().join('');
}

/**
 * Plays `moves` from the start of `level`. Null when they do not fit the level (a step blocked, or a push
 * where the notation says walk or the other way round), so a stale or edited record is dropped, not half played.
 */
export function replayMoves(level: Level, moves: string): SokobanState | null {
  let state = initialState(level);
  let steps;
  try {
    steps = parseLurd(moves);
  } catch {
    return null;
  }
  for (const step of steps) {
    const next = move(state, step.dir);
    if (next === state || next.pushes > state.pushes !== step.push) return null;
    state = next;
  }
  return state;
}

/** Reads a kept record; null when there is none or it is not one this game wrote. */
export function parseKeptMoves(text: string | null): KeptMoves | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const { level, moves } = value as Record<string, unknown>;
    if (!Number.isInteger(level) || (level as number) < 1) return null;
    if (typeof moves !== 'string' || moves.length > MAX_MOVES || !/^[lurdLURD]*$/.test(moves)) return null;
    return { level: level as number, moves };
  } catch {
    return null;
  }
}

/** The kept moves in this browser, or null. */
export function loadKeptMoves(): KeptMoves | null {
  try {
    return parseKeptMoves(window.localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Keeps the moves played so far in a level, or forgets them when there are none (a restart) or it was solved. */
export function saveKeptMoves(kept: KeptMoves | null): void {
  try {
    if (kept && kept.moves.length > 0) window.localStorage.setItem(KEY, JSON.stringify(kept));
    else window.localStorage.removeItem(KEY);
  } catch {
    // Private browsing may refuse storage; the moves then last only for this page.
  }
}
