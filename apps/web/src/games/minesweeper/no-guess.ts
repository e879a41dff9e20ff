import { placeMines, type Difficulty, type Random } from './logic.ts';
import { solvesWithoutGuessing } from './solver.ts';

/**
 * Mines placed uniformly at random away from the first click, drawn again until a person can clear the board
 * from that click without a guess: uniform among the boards that never need one.
 */
export function placeMinesWithoutGuessing(level: Difficulty, safe: number, random: Random): boolean[] {
  for (;;) {
    const mines = placeMines(level, safe, random);
    if (solvesWithoutGuessing(level, mines, safe)) return mines;
  }
}
