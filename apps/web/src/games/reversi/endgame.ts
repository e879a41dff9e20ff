import { flips, lowestBit, moves, out, popcount } from './bits.ts';
import type { Budget } from './budget.ts';
import { discMargin } from './evaluate.ts';
import { HI_BIT, LO_BIT, moveBuf, orderMoves, WIDTH } from './ordering.ts';
import { EXACT, LOWER, NO_MOVE, UPPER, type TranspositionTable } from './table.ts';

/** At or below this many empty squares the solver stops ordering moves: ordering would cost more than it saves. */
const SHALLOW = 6;
/** From this many empties up, results are worth remembering in the table. */
const TABLE_MIN = 8;
const CORNERS_LO = 0x81;
const CORNERS_HI = 0x81000000 | 0;

/**
 * Exact endgame solver: alpha-beta over every remaining move to the end of the game, scoring the final disc
 * margin (empty squares go to the winner) for the side to move.
 */
export class EndgameSolver {
  constructor(
    private readonly budget: Budget,
    private readonly table: TranspositionTable,
  ) {}

  /** Exact final margin for the owner of p (to move), within the window (alpha, beta) (fail-soft). */
  solve(pl: number, ph: number, ol: number, oh: number, alpha: number, beta: number, ply: number): number {
    this.budget.tick();
    const el = ~(pl | ol);
    const eh = ~(ph | oh);
    const empties = popcount(el, eh);
    if (empties === 0) return popcount(pl, ph) - popcount(ol, oh);
    if (empties === 1) return this.lastSquare(pl, ph, ol, oh, el, eh);
    if (empties <= SHALLOW) return this.shallow(pl, ph, ol, oh, el, eh, alpha, beta, ply, false);

    moves(pl, ph, ol, oh);
    const ml = out.lo;
    const mh = out.hi;
    if (ml === 0 && mh === 0) {
      moves(ol, oh, pl, ph);
      if (out.lo === 0 && out.hi === 0) return discMargin(pl, ph, ol, oh);
      return -this.solve(ol, oh, pl, ph, -beta, -alpha, ply + 1);
    }
    let hashMove = NO_MOVE;
    const table = this.table;
    const remember = empties >= TABLE_MIN;
    if (remember && table.probe(pl, ph, ol, oh)) {
      hashMove = table.move;
      const value = table.value;
      const bound = table.bound;
      if (bound === EXACT) return value;
      if (bound === LOWER && value >= beta) return value;
      if (bound === UPPER && value <= alpha) return value;
    }
    const count = orderMoves(pl, ph, ol, oh, ml, mh, ply, hashMove, true);
    const base = ply * WIDTH;
    const alphaIn = alpha;
    let best = -65;
    let bestMove = NO_MOVE;
    for (let i = 0; i < count; i++) {
      const sq = moveBuf[base + i]!;
      flips(pl, ph, ol, oh, sq);
      const npl = pl | out.lo | LO_BIT[sq]!;
      const nph = ph | out.hi | HI_BIT[sq]!;
      const nol = ol & ~out.lo;
      const noh = oh & ~out.hi;
      let value: number;
      if (i === 0) {
        value = -this.solve(nol, noh, npl, nph, -beta, -alpha, ply + 1);
      } else {
        value = -this.solve(nol, noh, npl, nph, -alpha - 1, -alpha, ply + 1);
        if (value > alpha && value < beta) value = -this.solve(nol, noh, npl, nph, -beta, -value, ply + 1);
      }
      if (value > best) {
        best = value;
        bestMove = sq;
        if (value > alpha) {
          alpha = value;
          if (alpha >= beta) break;
        }
      }
    }
    if (remember) {
      const bound = best <= alphaIn ? UPPER : best >= beta ? LOWER : EXACT;
      table.store(pl, ph, ol, oh, empties, bound, bestMove, best);
    }
    return best;
  }

  /**
   * Few empties left: try each empty square directly (corners first) instead of generating and ordering moves.
   * `passed` says the opponent has just passed, so if this side cannot move either the game is over.
   */
  private shallow(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    el: number,
    eh: number,
    alpha: number,
    beta: number,
    ply: number,
    passed: boolean,
  ): number {
    let best = -65;
    let moved = false;
    for (let pass = 0; pass < 4; pass++) {
      let x =
        pass === 0
          ? el & CORNERS_LO
          : pass === 1
            ? eh & CORNERS_HI
            : pass === 2
              ? el & ~CORNERS_LO
              : eh & ~CORNERS_HI;
      for (; x !== 0; x &= x - 1) {
        const sq = lowestBit(x) + (pass & 1) * 32;
        flips(pl, ph, ol, oh, sq);
        if (out.lo === 0 && out.hi === 0) continue;
        moved = true;
        const npl = pl | out.lo | LO_BIT[sq]!;
        const nph = ph | out.hi | HI_BIT[sq]!;
        const nol = ol & ~out.lo;
        const noh = oh & ~out.hi;
        const nel = el & ~LO_BIT[sq]!;
        const neh = eh & ~HI_BIT[sq]!;
        this.budget.tick();
        const value =
          popcount(nel, neh) === 1
            ? -this.lastSquare(nol, noh, npl, nph, nel, neh)
            : -this.shallow(nol, noh, npl, nph, nel, neh, -beta, -alpha, ply + 1, false);
        if (value > best) {
          best = value;
          if (value > alpha) {
            alpha = value;
            if (alpha >= beta) return best;
          }
        }
      }
    }
    if (moved) return best;
    if (passed) return discMargin(pl, ph, ol, oh);
    return -this.shallow(ol, oh, pl, ph, el, eh, -beta, -alpha, ply + 1, true);
  }

  /** One empty square left: whoever can play it does, else the game ends as it stands. */
  private lastSquare(pl: number, ph: number, ol: number, oh: number, el: number, eh: number): number {
    const sq = el !== 0 ? lowestBit(el) : lowestBit(eh) + 32;
    const diff = popcount(pl, ph) - popcount(ol, oh);
    flips(pl, ph, ol, oh, sq);
    let n = popcount(out.lo, out.hi);
    if (n > 0) return diff + 2 * n + 1;
    flips(ol, oh, pl, ph, sq);
    n = popcount(out.lo, out.hi);
    if (n > 0) return diff - 2 * n - 1;
    return diff > 0 ? diff + 1 : diff < 0 ? diff - 1 : 0;
  }
}
