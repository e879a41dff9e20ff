import { describe, expect, it } from 'vitest';
import { parseKeptGame, serialiseGame } from './kept-game.ts';
import { legalMoves } from './rules.ts';
import { advance, newSession } from './session.ts';

function playedFew() {
  let session = newSession();
  for (let i = 0; i < 5; i += 1) session = advance(session, legalMoves(session.position)[0] as number);
  return session;
}

describe('the reversi game kept for a reload', () => {
  it('comes back with the same position, turn, move count and difficulty', () => {
    const session = playedFew();
    const back = parseKeptGame(serialiseGame(session, 'hard'));
    expect(back?.level).toBe('hard');
    expect(back?.session.position).toEqual(session.position);
    expect(back?.session).toMatchObject({
      moves: 5,
      lastMove: session.lastMove,
      passed: session.passed,
      over: false,
    });
  });

  it('keeps nothing of an untouched board or a finished game', () => {
    expect(serialiseGame(newSession(), 'easy')).toBeNull();
    expect(serialiseGame({ ...playedFew(), over: true }, 'easy')).toBeNull();
  });

  it('refuses records it did not write', () => {
    const good = JSON.parse(serialiseGame(playedFew(), 'medium') as string) as Record<string, unknown>;
    const black = good.black as { lo: number; hi: number };
    for (const bad of [
      { ...good, moves: 6 },
      { ...good, white: black },
      { ...good, toMove: 'red' },
      { ...good, level: 'impossible' },
      { ...good, lastMove: 64 },
      { ...good, black: { lo: 1.5, hi: 0 } },
    ]) {
      expect(parseKeptGame(JSON.stringify(bad))).toBeNull();
    }
    expect(parseKeptGame('[')).toBeNull();
  });
});
