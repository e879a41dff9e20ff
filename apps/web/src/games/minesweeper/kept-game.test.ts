import { describe, expect, it } from 'vitest';
import { parseKeptGame, serialiseGame } from './kept-game.ts';
import { LEVELS, gameWithMines, newGame, reveal, toggleFlag } from './logic.ts';

// Beginner, a wall of mines down the third column: opening the top-left corner clears the two columns left of it.
const MINES = [2, 11, 20, 29, 38, 47, 56, 65, 74, 80];
const never = () => 0;
const started = 1_000_000;

function played() {
  let game = gameWithMines(LEVELS.beginner, MINES, started);
  game = reveal(game, 0, never, started);
  return toggleFlag(game, 2);
}

describe('the minesweeper game kept for a reload', () => {
  it('comes back with the same mines, open cells, flags and time played', () => {
    const game = played();
    expect(game.status).toBe('playing');
    const text = serialiseGame('beginner', game, started + 42_000);
    const back = parseKeptGame(text, started + 500_000);
    expect(back?.levelName).toBe('beginner');
    expect(back?.game.cells).toEqual(game.cells);
    expect(back?.game.mines).toEqual(game.mines);
    expect(back?.game.flags).toBe(1);
    expect(back?.game.revealed).toBe(game.revealed);
    expect(back?.game.startedAt).toBe(started + 500_000 - 42_000);
  });

  it('keeps nothing of a board not started or a game over', () => {
    expect(serialiseGame('beginner', newGame(LEVELS.beginner), started)).toBeNull();
    const lost = reveal(played(), 11, never, started);
    expect(lost.status).toBe('lost');
    expect(serialiseGame('beginner', lost, started)).toBeNull();
  });

  it('refuses a record that is not a game the rules allow', () => {
    const good = JSON.parse(serialiseGame('beginner', played(), started) as string) as Record<
      string,
      unknown
    >;
    const cells = good.cells as string;
    for (const bad of [
      { ...good, level: 'huge' },
      { ...good, mines: MINES.slice(1) },
      { ...good, mines: [...MINES.slice(1), 11] },
      { ...good, cells: cells.slice(1) },
      { ...good, cells: cells.replace(/r/g, 'h') },
      { ...good, cells: `${cells.slice(0, 11)}r${cells.slice(12)}` },
      { ...good, elapsed: -1 },
    ]) {
      expect(parseKeptGame(JSON.stringify(bad), started)).toBeNull();
    }
    expect(parseKeptGame('{', started)).toBeNull();
  });
});
