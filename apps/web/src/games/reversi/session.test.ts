import { describe, expect, it } from 'vitest';
import { parsePosition } from './rules.ts';
import { advance, canPlay, computerToMove, newSession, statusText, type Session } from './session.ts';

describe('reversi session', () => {
  it('lets the player (black) move first and only on legal squares', () => {
    const session = newSession();
    expect(statusText(session)).toMatch(/^Your move/);
    expect(canPlay(session, 19)).toBe(true);
    expect(canPlay(session, 0)).toBe(false);
    expect(computerToMove(advance(session, 19))).toBe(true);
    expect(statusText(advance(session, 19))).toBe('White is thinking…');
  });

  it('says so in the status line when the computer has to pass', () => {
    const position = parsePosition(['XO......', '', '', '', '', '', '', '....XO..'], 'black');
    const session: Session = { ...newSession(), position };
    const after = advance(session, 62);
    expect(statusText(after)).toBe('White has no legal move and passes. Your move again.');
    expect(computerToMove(after)).toBe(false);
  });

  it('says so when the player has to pass and the computer moves again', () => {
    const position = parsePosition(['OX......', '', '', '', '', '', '', '....OX..'], 'white');
    const after = advance({ ...newSession(), position }, 62);
    expect(after.passed).toBe('black');
    expect(statusText(after)).toMatch(/^You have no legal move/);
    expect(computerToMove(after)).toBe(true);
  });

  it('announces the final score when the game is over', () => {
    const position = parsePosition(['XO......', '', '', '', '', '', '', '....XXX.'], 'black');
    const after = advance({ ...newSession(), position }, 2);
    expect(after.over).toBe(true);
    expect(statusText(after)).toBe('Game over: you win 6–0!');
    expect(computerToMove(after)).toBe(false);
    expect(canPlay(after, 3)).toBe(false);
  });
});
