import { LEVELS, type Level } from './ai.ts';
import { popcount } from './bits.ts';
import type { Bits, Color } from './rules.ts';
import type { Session } from './session.ts';

/** A game under way and its difficulty, kept for this tab so that a reload or another page comes back to it. */
export interface KeptGame {
  readonly session: Session;
  readonly level: Level;
}

const KEY = 'reversi.game';
const COLORS: readonly (Color | null)[] = ['black', 'white', null];

/** What is kept of a game: one under way (a finished game or an untouched board has nothing to come back to). */
export function serialiseGame(session: Session, level: Level): string | null {
  if (session.over || session.moves === 0) return null;
  const { position, lastMove, passed, moves } = session;
  return JSON.stringify({ ...position, lastMove, passed, moves, level });
}

const isBits = (value: unknown): value is Bits =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as Bits).lo) &&
  Number.isInteger((value as Bits).hi) &&
  ((value as Bits).lo | 0) === (value as Bits).lo &&
  ((value as Bits).hi | 0) === (value as Bits).hi;

/**
 * Reads a kept game back; null when it is not one this page wrote: discs that overlap, or a disc count that does
 * not match the moves played (each move adds one disc to the four of the start).
 */
export function parseKeptGame(text: string | null): KeptGame | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const { black, white, toMove, lastMove, passed, moves, level } = value;
    if (!isBits(black) || !isBits(white) || (black.lo & white.lo) !== 0 || (black.hi & white.hi) !== 0)
      return null;
    if (toMove !== 'black' && toMove !== 'white') return null;
    if (!COLORS.includes(passed as Color | null)) return null;
    if (!Number.isInteger(moves) || (moves as number) < 1) return null;
    if (popcount(black.lo, black.hi) + popcount(white.lo, white.hi) !== 4 + (moves as number)) return null;
    if (!Number.isInteger(lastMove) || (lastMove as number) < 0 || (lastMove as number) > 63) return null;
    if (typeof level !== 'string' || !Object.hasOwn(LEVELS, level)) return null;
    return {
      session: {
        position: { black, white, toMove },
        lastMove: lastMove as number,
        flipped: [],
        passed: passed as Color | null,
        over: false,
        moves: moves as number,
      },
      level: level as Level,
    };
  } catch {
    return null;
  }
}

/** The game kept in this tab, or null. */
export function loadKeptGame(): KeptGame | null {
  try {
    return parseKeptGame(window.sessionStorage.getItem(KEY));
  } catch {
    return null;
  }
}

/** Keeps a game under way for this tab, or forgets the kept one when there is none. */
export function saveKeptGame(session: Session, level: Level): void {
  const text = serialiseGame(session, level);
  try {
    if (text) window.sessionStorage.setItem(KEY, text);
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Storage may be refused (private browsing); the game then ends with the page.
  }
}
