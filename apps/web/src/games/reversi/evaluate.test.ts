import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import { seededRandom } from '../rng.ts';
import { initialPosition, parsePosition, score, type Position } from './rules.ts';
import { randomPosition, SYMMETRIES, transform } from './testing.ts';

/** Evaluation from the side to move's point of view. */
function value(position: Position, swap = false): number {
  const [p, o] =
    (position.toMove === 'black') !== swap
      ? [position.black, position.white]
      : [position.white, position.black];
  return evaluate(p.lo, p.hi, o.lo, o.hi);
}

describe('reversi evaluation', () => {
  it('rates the symmetric start as even', () => {
    expect(value(initialPosition())).toBe(0);
  });

  it('gives the same value for all 8 rotations and reflections of a position', () => {
    const rng = seededRandom(11);
    for (let i = 0; i < 40; i++) {
      const { position } = randomPosition(rng, 8 + Math.floor(rng() * 50));
      const expected = value(position);
      for (const map of SYMMETRIES) expect(value(transform(position, map))).toBe(expected);
    }
  });

  it('scores a position for one side as minus the score for the other when the empty count is even', () => {
    const rng = seededRandom(12);
    let checked = 0;
    while (checked < 30) {
      const { position } = randomPosition(rng, 6 + Math.floor(rng() * 50));
      const { black, white } = score(position);
      if ((64 - black - white) % 2 === 1) continue;
      expect(value(position) + value(position, true)).toBe(0);
      checked++;
    }
  });

  it('prefers owning a corner to owning the X-square beside an empty corner', () => {
    const corner = parsePosition(
      ['X.......', '........', '..OOO...', '..OXO...', '..OOO...', '', '', ''],
      'black',
    );
    const xSquare = parsePosition(
      ['........', '.X......', '..OOO...', '..OXO...', '..OOO...', '', '', ''],
      'black',
    );
    expect(value(corner)).toBeGreaterThan(value(xSquare) + 500);
  });
});
