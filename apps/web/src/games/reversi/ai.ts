import { flips, moves, out, popcount, squaresOf } from './bits.ts';
import { Budget, OUT_OF_TIME } from './budget.ts';
import { EndgameSolver } from './endgame.ts';
import { evaluate, WIN_SCORE } from './evaluate.ts';
import { learnedEvaluate } from './learned.ts';
import { MidgameSearch } from './midgame.ts';
import { HI_BIT, LO_BIT, SQUARE_VALUE } from './ordering.ts';
import type { Position } from './rules.ts';
import { TranspositionTable } from './table.ts';

/** How the computer searches. */
export interface SearchOptions {
  /** Deepest midgame iteration of iterative deepening. */
  readonly maxDepth: number;
  /** Time budget per move in milliseconds (Infinity: stop only at maxDepth). */
  readonly timeMs: number;
  /** Solve the rest of the game exactly once this few squares are empty. */
  readonly endgameEmpties: number;
  /** Random spread added to each root move's score, in evaluation units, to make weak levels err. */
  readonly noise: number;
  /**
   * Chance (0..1) of playing a uniformly random legal move instead of searching: a beginner's lapses, which
   * include playing next to an empty corner and handing it over.
   */
  readonly lapse: number;
  /** Rank moves only by how many discs they turn over (a beginner's rule of thumb) instead of searching. */
  readonly greedy: boolean;
  /** Evaluate with the learned pattern tables (learned.ts) instead of the handmade features (evaluate.ts). */
  readonly learned: boolean;
}

/** Playing strengths offered to the player. */
export type Level = 'easy' | 'medium' | 'hard' | 'expert';

/** Search settings per strength, weakest first. */
export const LEVELS: Readonly<Record<Level, SearchOptions>> = {
  easy: {
    maxDepth: 1,
    timeMs: Infinity,
    endgameEmpties: 0,
    noise: 600,
    lapse: 0.2,
    greedy: true,
    learned: false,
  },
  medium: {
    maxDepth: 3,
    timeMs: Infinity,
    endgameEmpties: 8,
    noise: 0,
    lapse: 0,
    greedy: false,
    learned: false,
  },
  hard: { maxDepth: 30, timeMs: 600, endgameEmpties: 14, noise: 0, lapse: 0, greedy: false, learned: false },
  // 800 ms leaves room under a second for a busy device and the reply.
  expert: { maxDepth: 60, timeMs: 800, endgameEmpties: 14, noise: 0, lapse: 0, greedy: false, learned: true },
};

/** The computer's choice and how it got there. */
export interface SearchResult {
  /** Square to play. */
  readonly move: number;
  /** Its value: exact final disc margin when `exact`, else an evaluation for the side to move. */
  readonly score: number;
  /** Deepest completed midgame iteration. */
  readonly depth: number;
  /** The endgame was solved exactly. */
  readonly exact: boolean;
  /** Positions visited. */
  readonly nodes: number;
}

/** One table for the whole worker: allocated once, cleared per move so each choice is reproducible. */
let sharedTable: TranspositionTable | null = null;

interface RootMove {
  readonly sq: number;
  readonly pl: number;
  readonly ph: number;
  readonly ol: number;
  readonly oh: number;
  score: number;
}

/** Children of the root, from the opponent's side (owner of p is the opponent after the move). */
function rootMoves(pl: number, ph: number, ol: number, oh: number): RootMove[] {
  moves(pl, ph, ol, oh);
  return squaresOf(out.lo, out.hi)
    .map((sq) => {
      flips(pl, ph, ol, oh, sq);
      return {
        sq,
        pl: ol & ~out.lo,
        ph: oh & ~out.hi,
        ol: pl | out.lo | LO_BIT[sq]!,
        oh: ph | out.hi | HI_BIT[sq]!,
        score: SQUARE_VALUE[sq]!,
      };
    })
    .sort((a, b) => b.score - a.score);
}

/** Sorts best first, keeping the previous order among equals. */
function byScore(list: RootMove[]): void {
  list.sort((a, b) => b.score - a.score);
}

/**
 * Picks a move for the side to move: iterative deepening alpha-beta with a transposition table and
 * "fastest first" ordering, then, with few empty squares left, an exact solve of the rest of the game.
 * When the budget runs out mid-iteration, the best move proven so far is kept. `rng` feeds the noise of weak
 * levels; `now` is the clock that enforces the budget.
 */
export function chooseMove(
  position: Position,
  options: SearchOptions,
  rng: () => number = Math.random,
  now: () => number = () => performance.now(),
): SearchResult {
  const [p, o] =
    position.toMove === 'black' ? [position.black, position.white] : [position.white, position.black];
  const list = rootMoves(p.lo, p.hi, o.lo, o.hi);
  const first = list[0];
  if (!first) throw new Error('no legal move to choose from');
  if (options.lapse > 0 && rng() < options.lapse) {
    const sq = list[Math.floor(rng() * list.length)]!.sq;
    return { move: sq, score: 0, depth: 0, exact: false, nodes: 0 };
  }
  if (options.greedy) {
    for (const move of list) move.score = (popcount(move.ol, move.oh) - popcount(p.lo, p.hi)) * 100;
    return pickWithNoise(list, first, options.noise, rng, 0);
  }
  if (list.length === 1 && options.noise === 0)
    return { move: first.sq, score: 0, depth: 0, exact: false, nodes: 0 };

  const budget = new Budget(now() + options.timeMs, now);
  sharedTable ??= new TranspositionTable();
  sharedTable.clear();
  const midgame = new MidgameSearch(budget, sharedTable, options.learned ? learnedEvaluate : evaluate);
  const empties = 64 - popcount(p.lo | o.lo, p.hi | o.hi);
  const solving = empties <= options.endgameEmpties;
  const maxDepth = Math.min(options.maxDepth, solving ? Math.min(empties, 4) : empties);

  let best = first;
  let bestScore = 0;
  let depth = 0;
  try {
    for (let d = 1; d <= maxDepth; d++) {
      let alpha = -Infinity;
      let iterationBest: RootMove | null = null;
      for (const move of list) {
        const full = iterationBest === null || options.noise > 0;
        let value = -midgame.search(
          move.pl,
          move.ph,
          move.ol,
          move.oh,
          d - 1,
          full ? -Infinity : -alpha - 1,
          full ? Infinity : -alpha,
          1,
        );
        if (!full && value > alpha)
          value = -midgame.search(move.pl, move.ph, move.ol, move.oh, d - 1, -Infinity, -alpha, 1);
        move.score = value;
        if (value > alpha) {
          alpha = value;
          iterationBest = move;
          if (d > 1) best = move;
        }
      }
      byScore(list);
      best = list[0]!;
      bestScore = best.score;
      depth = d;
      if (Math.abs(bestScore) >= WIN_SCORE) break;
    }
  } catch (error) {
    if (error !== OUT_OF_TIME) throw error;
  }

  if (solving) {
    sharedTable.clear();
    const solver = new EndgameSolver(budget, sharedTable);
    try {
      let alpha = -65;
      let solved: RootMove | null = null;
      for (const move of list) {
        let value: number;
        if (solved === null) value = -solver.solve(move.pl, move.ph, move.ol, move.oh, -65, 65, 1);
        else {
          value = -solver.solve(move.pl, move.ph, move.ol, move.oh, -alpha - 1, -alpha, 1);
          if (value > alpha) value = -solver.solve(move.pl, move.ph, move.ol, move.oh, -65, -alpha, 1);
        }
        if (solved === null || value > alpha) {
          alpha = value;
          solved = move;
        }
      }
      if (solved) return { move: solved.sq, score: alpha, depth, exact: true, nodes: budget.nodes };
    } catch (error) {
      if (error !== OUT_OF_TIME) throw error;
    }
  }

  if (options.noise > 0) return pickWithNoise(list, best, options.noise, rng, depth, budget.nodes);
  return { move: best.sq, score: bestScore, depth, exact: false, nodes: budget.nodes };
}

/** The move whose score plus a random spread of `noise` is highest: a weak level's imperfect judgement. */
function pickWithNoise(
  list: readonly RootMove[],
  fallback: RootMove,
  noise: number,
  rng: () => number,
  depth: number,
  nodes = 0,
): SearchResult {
  let pick = fallback;
  let top = -Infinity;
  for (const move of list) {
    const noisy = move.score + (rng() - 0.5) * noise;
    if (noisy > top) {
      top = noisy;
      pick = move;
    }
  }
  return { move: pick.sq, score: pick.score, depth, exact: false, nodes };
}
