import { describe, expect, it } from 'vitest';
import {
  discAt,
  initialPosition,
  isGameOver,
  legalMoves,
  parsePosition,
  play,
  score,
  squareName,
  winner,
} from './rules.ts';

const named = (squares: readonly number[]) => squares.map(squareName).sort();

describe('reversi rules', () => {
  it('starts with two discs each in the centre, black to move', () => {
    const start = initialPosition();
    expect(start.toMove).toBe('black');
    expect(score(start)).toEqual({ black: 2, white: 2 });
    expect(discAt(start, 27)).toBe('white');
    expect(discAt(start, 28)).toBe('black');
    expect(discAt(start, 35)).toBe('black');
    expect(discAt(start, 36)).toBe('white');
  });

  it('offers black exactly d3, c4, f5 and e6 as opening moves', () => {
    expect(named(legalMoves(initialPosition()))).toEqual(['c4', 'd3', 'e6', 'f5']);
  });

  it('flips the outflanked disc and hands the move to white', () => {
    const { position, flipped, passed, gameOver } = play(initialPosition(), 19);
    expect(named(flipped)).toEqual(['d4']);
    expect(score(position)).toEqual({ black: 4, white: 1 });
    expect(position.toMove).toBe('white');
    expect(passed).toBeNull();
    expect(gameOver).toBe(false);
  });

  const directions = [
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 0],
    [1, 1],
  ] as const;

  it.each(directions)('flips a line of discs in direction (%i, %i) and nothing else', (dr, dc) => {
    const rows = Array.from({ length: 8 }, () => [...'........']);
    const at = (k: number) => [3 + dr * k, 3 + dc * k] as const;
    for (const k of [1, 2]) {
      const [r, c] = at(k);
      rows[r]![c] = 'O';
    }
    const [er, ec] = at(3);
    rows[er]![ec] = 'X';
    rows[7 - 3 * Math.max(0, dr)]![7] = 'O';
    const position = parsePosition(
      rows.map((r) => r.join('')),
      'black',
    );
    const { flipped, position: after } = play(position, 27);
    expect(flipped).toHaveLength(2);
    for (const k of [1, 2]) {
      const [r, c] = at(k);
      expect(discAt(after, r * 8 + c)).toBe('black');
    }
    expect(score(after).white).toBe(1);
  });

  it('flips in all eight directions with one move', () => {
    const position = parsePosition(
      ['X..X..X.', '.O.O.O..', '..OOO...', 'XOO.OOX.', '..OOO...', '.O.O.O..', 'X..X..X.', '........'],
      'black',
    );
    const { flipped, position: after, gameOver } = play(position, 27);
    expect(flipped).toHaveLength(16);
    expect(score(after)).toEqual({ black: 25, white: 0 });
    expect(gameOver).toBe(true);
  });

  it('does not flip across an empty square or without a disc of the mover at the far end', () => {
    const position = parsePosition(
      ['........', '........', '........', '...OO.X.', '...X....', '........', '........', '........'],
      'black',
    );
    expect(named(legalMoves(position))).toEqual(['d3', 'f3']);
    expect(() => play(position, 26)).toThrow();
    expect(() => play(position, 29)).toThrow();
    expect(() => play(position, 35)).toThrow();
  });

  it('makes white pass when it has no move after black plays, and black moves again', () => {
    const position = parsePosition(['XO......', '', '', '', '', '', '', '....XO..'], 'black');
    const result = play(position, 62);
    expect(result.passed).toBe('white');
    expect(result.position.toMove).toBe('black');
    expect(result.gameOver).toBe(false);
    expect(named(legalMoves(result.position))).toEqual(['c1']);
  });

  it('ends the game with the score when neither side can move', () => {
    const position = parsePosition(['XO......', '', '', '', '', '', '', '....XXX.'], 'black');
    const result = play(position, 2);
    expect(result.gameOver).toBe(true);
    expect(isGameOver(result.position)).toBe(true);
    expect(score(result.position)).toEqual({ black: 6, white: 0 });
    expect(winner(result.position)).toBe('black');
  });

  it('calls a full board with 32 discs each a draw', () => {
    const full = parsePosition(
      ['XXXXXXXX', 'XXXXXXXX', 'XXXXXXXX', 'XXXXXXXX', 'OOOOOOOO', 'OOOOOOOO', 'OOOOOOOO', 'OOOOOOOO'],
      'black',
    );
    expect(isGameOver(full)).toBe(true);
    expect(winner(full)).toBe('draw');
  });

  it('reports no winner while moves remain', () => {
    expect(winner(initialPosition())).toBeNull();
  });
});
