import { moves, neighbours, out, popcount, popcount32, stableDiscs } from './bits.ts';

/** Score scale: a terminal win is worth more than any static evaluation. */
export const WIN_SCORE = 100_000;
/** Static evaluations are clamped to this magnitude so they never look like a proven result. */
export const MAX_EVAL = 50_000;

/** Corner squares a1, h1, a8, h8, per half. */
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

/** X-squares (diagonally next to a corner) and C-squares (beside a corner on the edge), per corner. */
const CORNER_ZONES: readonly { corner: number; x: number; c: readonly number[] }[] = [
  { corner: 0, x: 9, c: [1, 8] },
  { corner: 7, x: 14, c: [6, 15] },
  { corner: 56, x: 49, c: [48, 57] },
  { corner: 63, x: 54, c: [55, 62] },
];

/** Per-square weight of a disc near an empty corner: X-squares hand the corner over, C-squares risk it. */
const X_PENALTY = 220;
const C_PENALTY = 70;
const CORNER_WEIGHT = 750;
const STABLE_WEIGHT = 110;
const MOBILITY_WEIGHT = 70;
const FRONTIER_WEIGHT = 25;
const PARITY_WEIGHT = 90;

function owner(pl: number, ph: number, sq: number): boolean {
  return sq < 32 ? ((pl >>> sq) & 1) === 1 : ((ph >>> (sq - 32)) & 1) === 1;
}

/** X- and C-square danger for the owner of p: penalties for discs beside corners that are still empty. */
function cornerZones(pl: number, ph: number, ol: number, oh: number): number {
  let total = 0;
  for (const zone of CORNER_ZONES) {
    if (owner(pl, ph, zone.corner) || owner(ol, oh, zone.corner)) continue;
    if (owner(pl, ph, zone.x)) total -= X_PENALTY;
    if (owner(ol, oh, zone.x)) total += X_PENALTY;
    for (const c of zone.c) {
      if (owner(pl, ph, c)) total -= C_PENALTY;
      if (owner(ol, oh, c)) total += C_PENALTY;
    }
  }
  return total;
}

/**
 * Static evaluation of a position from the point of view of the side to move (owner of p), in hundredths of a
 * disc roughly. Features: corners, X/C-squares next to empty corners, stable discs, mobility, frontier (discs
 * touching empty squares), parity (who is due the last move) and, late in the game, the disc count.
 * It is the same for all 8 rotations and reflections of the board.
 */
export function evaluate(pl: number, ph: number, ol: number, oh: number): number {
  const filled = popcount(pl | ol, ph | oh);
  const empties = 64 - filled;

  const corners =
    popcount32(pl & CORNERS_LO) +
    popcount32(ph & CORNERS_HI) -
    popcount32(ol & CORNERS_LO) -
    popcount32(oh & CORNERS_HI);

  moves(pl, ph, ol, oh);
  const myMoves = popcount(out.lo, out.hi);
  moves(ol, oh, pl, ph);
  const theirMoves = popcount(out.lo, out.hi);

  neighbours(~(pl | ol), ~(ph | oh));
  const touchL = out.lo;
  const touchH = out.hi;
  const frontier = popcount(ol & touchL, oh & touchH) - popcount(pl & touchL, ph & touchH);

  stableDiscs(pl, ph);
  let stable = popcount(out.lo, out.hi);
  stableDiscs(ol, oh);
  stable -= popcount(out.lo, out.hi);

  const phase = filled / 64;
  let score =
    corners * CORNER_WEIGHT +
    cornerZones(pl, ph, ol, oh) +
    stable * STABLE_WEIGHT +
    Math.trunc((myMoves - theirMoves) * MOBILITY_WEIGHT * (1.3 - phase * 0.6)) +
    frontier * FRONTIER_WEIGHT;
  if ((empties & 1) === 1) score += Math.round(PARITY_WEIGHT * phase);
  if (empties < 16) score += (popcount(pl, ph) - popcount(ol, oh)) * (16 - empties) * 4;
  return Math.max(-MAX_EVAL, Math.min(MAX_EVAL, score));
}

/** Value of a finished game for the owner of p: a decisive win or loss, adjusted by the disc margin. */
export function finalScore(pl: number, ph: number, ol: number, oh: number): number {
  const diff = discMargin(pl, ph, ol, oh);
  if (diff > 0) return WIN_SCORE + diff;
  if (diff < 0) return -WIN_SCORE + diff;
  return 0;
}

/** Final disc margin for the owner of p, with empty squares going to the winner (the usual scoring). */
export function discMargin(pl: number, ph: number, ol: number, oh: number): number {
  const mine = popcount(pl, ph);
  const theirs = popcount(ol, oh);
  const empties = 64 - mine - theirs;
  if (mine > theirs) return mine - theirs + empties;
  if (mine < theirs) return mine - theirs - empties;
  return 0;
}
