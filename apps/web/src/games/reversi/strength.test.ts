import { describe, expect, it } from 'vitest';
import { chooseMove, LEVELS, type SearchOptions } from './ai.ts';
import { seededRandom } from '../rng.ts';
import { initialPosition, legalMoves, play, score, type Color } from './rules.ts';
import { greedyMove, handsOverCorner } from './testing.ts';

/**
 * The hard level's real search (iterative deepening alpha-beta, evaluation, exact endgame solver), bounded by
 * depth instead of by the clock so the run is deterministic and fast: 4 plies in the midgame instead of ~9 in
 * 600 ms, and the exact solve from 10 empty squares instead of 14.
 */
const HARD_IN_TESTS: SearchOptions = { ...LEVELS.hard, maxDepth: 4, timeMs: Infinity, endgameEmpties: 10 };

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
  it('beats a random player in at least 99 of 100 games on the hard level', () => {
    const rng = seededRandom(2024);
    let wins = 0;
    for (let game = 0; game < 100; game++) {
      const { computer, random } = playAgainstRandom(game % 2 === 0 ? 'white' : 'black', rng);
      if (computer > random) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(99);
  }, 60_000);

  it('loses to a greedy player more often than it wins on the easiest level, and hands over corners', () => {
    const rng = seededRandom(34);
    let wins = 0;
    let losses = 0;
    let gamesWithGift = 0;
    for (let game = 0; game < 60; game++) {
      const easy: Color = game % 2 === 0 ? 'black' : 'white';
      let position = initialPosition();
      let gift = false;
      for (;;) {
        let move: number;
        if (position.toMove === easy) {
          move = chooseMove(position, LEVELS.easy, rng).move;
          gift ||= handsOverCorner(position, move);
        } else move = greedyMove(position, rng);
        const result = play(position, move);
        position = result.position;
        if (result.gameOver) break;
      }
      const { black, white } = score(position);
      const margin = easy === 'black' ? black - white : white - black;
      if (margin > 0) wins++;
      if (margin < 0) losses++;
      if (gift) gamesWithGift++;
    }
    expect(losses).toBeGreaterThan(wins);
    expect(gamesWithGift).toBeGreaterThanOrEqual(20);
  });
});
