import { bitHi, bitLo, flips, has, moves, out, popcount, squaresOf } from './bits.ts';

/** A side in the game. Black moves first. */
export type Color = 'black' | 'white';

/** A 64-square set as two 32-bit halves (see bits.ts). */
export interface Bits {
  readonly lo: number;
  readonly hi: number;
}

/** A board and the side to move. */
export interface Position {
  readonly black: Bits;
  readonly white: Bits;
  readonly toMove: Color;
}

/** What happened when a move was played. */
export interface MoveResult {
  /** The position afterwards, with the side that must move next (a side without a move is skipped). */
  readonly position: Position;
  /** Squares whose discs changed colour. */
  readonly flipped: readonly number[];
  /** The side that had to pass as a result of this move, if any. */
  readonly passed: Color | null;
  /** Neither side can move any more. */
  readonly gameOver: boolean;
}

/** The other side. */
export function opponent(color: Color): Color {
  return color === 'black' ? 'white' : 'black';
}

/** The standard start: white on d4 and e5, black on e4 and d5, black to move. */
export function initialPosition(): Position {
  return {
    black: { lo: bitLo(28), hi: bitHi(35) },
    white: { lo: bitLo(27), hi: bitHi(36) },
    toMove: 'black',
  };
}

/**
 * Builds a position from 8 rows of 8 characters: 'X' (or 'B') black, 'O' (or 'W') white, anything else empty.
 * Handy for tests and puzzles.
 */
export function parsePosition(rows: readonly string[], toMove: Color): Position {
  let bl = 0;
  let bh = 0;
  let wl = 0;
  let wh = 0;
  rows.forEach((row, r) => {
    [...row.replace(/\s/g, '')].forEach((ch, c) => {
      const sq = r * 8 + c;
      if (ch === 'X' || ch === 'B') {
        bl |= bitLo(sq);
        bh |= bitHi(sq);
      } else if (ch === 'O' || ch === 'W') {
        wl |= bitLo(sq);
        wh |= bitHi(sq);
      }
    });
  });
  return { black: { lo: bl, hi: bh }, white: { lo: wl, hi: wh }, toMove };
}

/** The colour of the disc on a square, or null when it is empty. */
export function discAt(position: Position, sq: number): Color | null {
  if (has(position.black.lo, position.black.hi, sq)) return 'black';
  if (has(position.white.lo, position.white.hi, sq)) return 'white';
  return null;
}

function sides(position: Position, color: Color): [Bits, Bits] {
  return color === 'black' ? [position.black, position.white] : [position.white, position.black];
}

/** Squares where `color` may play (defaults to the side to move), ascending. */
export function legalMoves(position: Position, color: Color = position.toMove): number[] {
  const [p, o] = sides(position, color);
  moves(p.lo, p.hi, o.lo, o.hi);
  return squaresOf(out.lo, out.hi);
}

/** Whether `color` has at least one legal move. */
export function hasMove(position: Position, color: Color): boolean {
  const [p, o] = sides(position, color);
  moves(p.lo, p.hi, o.lo, o.hi);
  return out.lo !== 0 || out.hi !== 0;
}

/** Neither side can move. */
export function isGameOver(position: Position): boolean {
  return !hasMove(position, 'black') && !hasMove(position, 'white');
}

/** Disc counts. */
export function score(position: Position): { black: number; white: number } {
  return {
    black: popcount(position.black.lo, position.black.hi),
    white: popcount(position.white.lo, position.white.hi),
  };
}

/** The winner once the game is over (more discs), 'draw' on a tie, null while it goes on. */
export function winner(position: Position): Color | 'draw' | null {
  if (!isGameOver(position)) return null;
  const { black, white } = score(position);
  if (black === white) return 'draw';
  return black > white ? 'black' : 'white';
}

/**
 * Plays `sq` for the side to move. Throws on an illegal move. The returned position names the side that must
 * move next: the opponent, or the same side again when the opponent has no move (a pass).
 */
export function play(position: Position, sq: number): MoveResult {
  const mover = position.toMove;
  const [p, o] = sides(position, mover);
  if (discAt(position, sq) !== null) throw new Error(`square ${squareName(sq)} is occupied`);
  flips(p.lo, p.hi, o.lo, o.hi, sq);
  const fl = out.lo;
  const fh = out.hi;
  if (fl === 0 && fh === 0) throw new Error(`${squareName(sq)} flips nothing`);
  const mine: Bits = { lo: p.lo | fl | bitLo(sq), hi: p.hi | fh | bitHi(sq) };
  const theirs: Bits = { lo: o.lo & ~fl, hi: o.hi & ~fh };
  const board = mover === 'black' ? { black: mine, white: theirs } : { black: theirs, white: mine };
  const next = opponent(mover);
  const afterwards: Position = { ...board, toMove: next };
  const flipped = squaresOf(fl, fh);
  if (hasMove(afterwards, next)) return { position: afterwards, flipped, passed: null, gameOver: false };
  if (hasMove(afterwards, mover)) {
    return { position: { ...board, toMove: mover }, flipped, passed: next, gameOver: false };
  }
  return { position: afterwards, flipped, passed: null, gameOver: true };
}

/** Algebraic name of a square: column letter a-h and row number 1-8 from the top, e.g. 19 -> "d3". */
export function squareName(sq: number): string {
  return `${'abcdefgh'[sq & 7]}${(sq >> 3) + 1}`;
}
