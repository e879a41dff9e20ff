import { describe, expect, it } from 'vitest';
import { chooseMove, LEVELS, type SearchOptions } from './ai.ts';
import { seededRandom } from '../rng.ts';
import { initialPosition, legalMoves, play, score, type Color } from './rules.ts';

/**
 * The strongest level, with its real search (iterative deepening alpha-beta, evaluation, exact endgame solver
 * from the same number of empties), but bounded by depth instead of by the clock so the run is deterministic and
 * fast: 4 plies in the midgame instead of ~9 in 600 ms.
 */
const HARD_IN_TESTS: SearchOptions = { ...LEVELS.hard, maxDepth: 4, timeMs: Infinity };

function playAgainstRandom(computer: Color, rng: () => number): { computer: number; random: number } {
  let position = initialPosition();
  for (;;) {
    const move =
      position.toMove === computer
        ? chooseMove(position, HARD_IN_TESTS).move
        : legalMoves(position)[Math.floor(rng() * legalMoves(position).length)]!;
    const result = play(position, move);
    position = result.position;
    if (result.gameOver) {
      const { black, white } = score(position);
      return computer === 'black' ? { computer: black, random: white } : { computer: white, random: black };
    }
  }
}

describe('reversi computer strength', () => {
  it('beats a random player in at least 99 of 100 games on the hardest level', () => {
    const rng = seededRandom(2024);
    let wins = 0;
    for (let game = 0; game < 100; game++) {
      const { computer, random } = playAgainstRandom(game % 2 === 0 ? 'white' : 'black', rng);
      if (computer > random) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(99);
  }, 60_000);
});
