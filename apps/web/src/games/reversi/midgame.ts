import { flips, moves, out } from './bits.ts';
import type { Budget } from './budget.ts';
import { evaluate as handmadeEvaluate, finalScore } from './evaluate.ts';
import { HI_BIT, LO_BIT, moveBuf, orderMoves, WIDTH } from './ordering.ts';
import { EXACT, LOWER, NO_MOVE, UPPER, type TranspositionTable } from './table.ts';

/** A static evaluation for the owner of p, to move. */
export type Evaluator = (pl: number, ph: number, ol: number, oh: number) => number;

/** Depth from which moves are ordered by the opponent's replies rather than by static square worth. */
const MOBILITY_ORDER_DEPTH = 3;

/**
 * Depth-limited alpha-beta (negamax, principal variation search) with a transposition table. Scores are from
 * the point of view of the side to move, in evaluation units; finished games score beyond any evaluation.
 */
export class MidgameSearch {
  constructor(
    private readonly budget: Budget,
    private readonly table: TranspositionTable,
    private readonly evaluate: Evaluator = handmadeEvaluate,
  ) {}

  /** Value of the position (owner of p to move) searched `depth` plies deep within the window (alpha, beta). */
  search(
    pl: number,
    ph: number,
    ol: number,
    oh: number,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
  ): number {
    this.budget.tick();
    if (depth <= 0) return this.evaluate(pl, ph, ol, oh);
    moves(pl, ph, ol, oh);
    const ml = out.lo;
    const mh = out.hi;
    if (ml === 0 && mh === 0) {
      moves(ol, oh, pl, ph);
      if (out.lo === 0 && out.hi === 0) return finalScore(pl, ph, ol, oh);
      return -this.search(ol, oh, pl, ph, depth - 1, -beta, -alpha, ply + 1);
    }

    let hashMove = NO_MOVE;
    const table = this.table;
    if (table.probe(pl, ph, ol, oh)) {
      hashMove = table.move;
      if (table.depth >= depth) {
        const value = table.value;
        const bound = table.bound;
        if (bound === EXACT) return value;
        if (bound === LOWER && value >= beta) return value;
        if (bound === UPPER && value <= alpha) return value;
      }
    }

    const count = orderMoves(pl, ph, ol, oh, ml, mh, ply, hashMove, depth >= MOBILITY_ORDER_DEPTH);
    const base = ply * WIDTH;
    const alphaIn = alpha;
    let best = -Infinity;
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
        value = -this.search(nol, noh, npl, nph, depth - 1, -beta, -alpha, ply + 1);
      } else {
        value = -this.search(nol, noh, npl, nph, depth - 1, -alpha - 1, -alpha, ply + 1);
        if (value > alpha && value < beta) {
          value = -this.search(nol, noh, npl, nph, depth - 1, -beta, -alpha, ply + 1);
        }
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
    const bound = best <= alphaIn ? UPPER : best >= beta ? LOWER : EXACT;
    table.store(pl, ph, ol, oh, depth, bound, bestMove, best);
    return best;
  }
}
