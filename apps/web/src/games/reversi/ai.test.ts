import { describe, expect, it } from 'vitest';
import { chooseMove, LEVELS } from './ai.ts';
import { seededRandom } from '../rng.ts';
import { legalMoves, parsePosition, play } from './rules.ts';
import { bruteForceMargin, randomPosition } from './testing.ts';

describe('reversi computer player', () => {
  it('takes a corner that is on offer', () => {
    const position = parsePosition(
      ['........', '.O......', '..O.....', '...XO...', '...OX...', '....X...', '........', '........'],
      'black',
    );
    expect(legalMoves(position)).toContain(0);
    for (const level of ['medium', 'hard'] as const) {
      expect(chooseMove(position, { ...LEVELS[level], timeMs: Infinity, maxDepth: 4 }).move).toBe(0);
    }
  });

  it('finds the forced win in endgames and reports the exact final margin', () => {
    const rng = seededRandom(5);
    let checked = 0;
    while (checked < 12) {
      const { position, over } = randomPosition(rng, 8);
      if (over) continue;
      const options = legalMoves(position);
      if (options.length < 2) continue;
      const sign = position.toMove === 'black' ? 1 : -1;
      const best = sign * bruteForceMargin(position);
      const worst = Math.min(
        ...options.map((sq) => {
          const after = play(position, sq).position;
          return sign * bruteForceMargin(after);
        }),
      );
      if (best <= 0 || worst > 0) continue;
      const result = chooseMove(position, { ...LEVELS.hard, timeMs: Infinity });
      expect(result.exact).toBe(true);
      expect(result.score).toBe(best);
      expect(sign * bruteForceMargin(play(position, result.move).position)).toBe(best);
      checked++;
    }
  });

  it('stops thinking at its time budget and still answers with a legal move', () => {
    const rng = seededRandom(9);
    const { position } = randomPosition(rng, 40);
    const started = performance.now();
    const result = chooseMove(position, { ...LEVELS.hard, timeMs: 150 });
    expect(performance.now() - started).toBeLessThan(400);
    expect(legalMoves(position)).toContain(result.move);
    expect(result.depth).toBeGreaterThan(2);
  });

  it('plays only legal moves at every level', () => {
    const rng = seededRandom(3);
    for (const level of ['easy', 'medium'] as const) {
      for (let i = 0; i < 10; i++) {
        const { position, over } = randomPosition(rng, 10 + Math.floor(rng() * 40));
        if (over) continue;
        expect(legalMoves(position)).toContain(chooseMove(position, LEVELS[level], rng).move);
      }
    }
  });
});
