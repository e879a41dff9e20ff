import { describe, expect, it } from 'vitest';
import { chooseMove, LEVELS } from './ai.ts';
import { learnedEvaluate } from './learned.ts';
import { seededRandom } from '../rng.ts';
import { initialPosition, legalMoves, parsePosition, play, score, type Position } from './rules.ts';

function sides(position: Position) {
  return position.toMove === 'black' ? [position.black, position.white] : [position.white, position.black];
}

describe('reversi learned evaluation', () => {
  it('favours the side that holds the corners', () => {
    const position = parsePosition(
      ['X......X', '.OOOOOO.', '.OXXXXO.', '.OXOOXO.', '.OXOOXO.', '.OXXXXO.', '.OOOOOO.', 'X......X'],
      'black',
    );
    const [p, o] = sides(position);
    expect(learnedEvaluate(p!.lo, p!.hi, o!.lo, o!.hi)).toBeGreaterThan(0);
    expect(learnedEvaluate(o!.lo, o!.hi, p!.lo, p!.hi)).toBeLessThan(0);
  });

  it('wins more games than the handmade evaluation when both search equally deep', () => {
    const shallow = { ...LEVELS.hard, maxDepth: 3, timeMs: Infinity, endgameEmpties: 0 };
    let learnedWins = 0;
    let handmadeWins = 0;
    for (let game = 0; game < 24; game++) {
      // Each 4-move random opening is played twice, with colours swapped.
      const opening = seededRandom(1000 + (game >> 1));
      const learnedColor = game % 2 === 0 ? 'black' : 'white';
      let position = initialPosition();
      let over = false;
      for (let ply = 0; !over; ply++) {
        let move: number;
        if (ply < 4) {
          const options = legalMoves(position);
          move = options[Math.floor(opening() * options.length)]!;
        } else {
          move = chooseMove(position, { ...shallow, learned: position.toMove === learnedColor }).move;
        }
        const result = play(position, move);
        position = result.position;
        over = result.gameOver;
      }
      const { black, white } = score(position);
      const margin = learnedColor === 'black' ? black - white : white - black;
      if (margin > 0) learnedWins++;
      if (margin < 0) handmadeWins++;
    }
    expect(learnedWins).toBeGreaterThan(handmadeWins * 2);
  });
});
