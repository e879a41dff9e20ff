import { describe, expect, it } from 'vitest';
import {
  activate,
  begin,
  chord,
  elapsedSeconds,
  gameWithMines,
  isWrongFlag,
  LEVELS,
  minesLeft,
  neighbours,
  newGame,
  reveal,
  toggleFlag,
  type Difficulty,
  type Game,
} from './logic.ts';
import { seededRandom } from '../rng.ts';

/** A 5x5 board used by hand-made layouts: cell (r, c) is index r * 5 + c. */
const SMALL: Difficulty = { cols: 5, rows: 5, mines: 2 };
const at = (r: number, c: number) => r * SMALL.cols + c;
const noRandom = () => {
  throw new Error('mines are already placed');
};

describe('minesweeper first click', () => {
  for (const [name, level] of Object.entries(LEVELS)) {
    it(`is never a mine and always opens a region on ${name}, over 300 seeds`, () => {
      for (let seed = 1; seed <= 300; seed++) {
        const random = seededRandom(seed);
        const index = Math.floor(random() * level.cols * level.rows);
        const game = reveal(newGame(level), index, random, 1000);
        expect(game.status).not.toBe('lost');
        expect(game.mines.filter(Boolean)).toHaveLength(level.mines);
        expect(game.counts[index]).toBe(0);
        for (const n of neighbours(level, index)) expect(game.cells[n]).toBe('revealed');
        expect(game.revealed).toBeGreaterThan(neighbours(level, index).length);
      }
    });
  }

  it('starts the clock on the first reveal and not on a flag', () => {
    const flagged = toggleFlag(newGame(LEVELS.beginner), 0);
    expect(flagged.startedAt).toBeNull();
    expect(elapsedSeconds(flagged, 50_000)).toBe(0);
    const started = reveal(flagged, 40, seededRandom(1), 10_000);
    expect(elapsedSeconds(started, 17_500)).toBe(7);
  });
});

describe('minesweeper counts and flood fill', () => {
  it('numbers every cell with the count of mines around it', () => {
    const game = reveal(newGame(LEVELS.expert), 0, seededRandom(42), 0);
    game.counts.forEach((count, i) => {
      const around = neighbours(LEVELS.expert, i).filter((n) => game.mines[n]).length;
      expect(count).toBe(around);
    });
  });

  it('begins with the mines it is given (the worker lays them), opening from the first cell', () => {
    const mines = Array.from({ length: 25 }, (_, i) => i === at(0, 0) || i === at(0, 2));
    const game = begin(newGame(SMALL), mines, at(4, 4), 7000);
    expect(game.status).toBe('playing');
    expect(game.startedAt).toBe(7000);
    expect(game.mines).toEqual(mines);
    expect(game.revealed).toBe(22);
    expect(
      begin(
        game,
        mines.map((m) => !m),
        at(4, 0),
        8000,
      ),
    ).toBe(game);
  });

  it('counts the mines of a hand-made layout', () => {
    const game = gameWithMines(SMALL, [at(0, 0), at(0, 2)]);
    expect(game.counts[at(0, 1)]).toBe(2);
    expect(game.counts[at(1, 1)]).toBe(2);
    expect(game.counts[at(1, 0)]).toBe(1);
    expect(game.counts[at(1, 3)]).toBe(1);
    expect(game.counts[at(4, 4)]).toBe(0);
  });

  it('opens the connected zeros and their numbered border, and stops there', () => {
    const game = reveal(gameWithMines(SMALL, [at(0, 0), at(0, 2)]), at(4, 4), noRandom, 0);
    expect(game.cells[at(2, 2)]).toBe('revealed');
    expect(game.cells[at(1, 1)]).toBe('revealed');
    expect(game.cells[at(0, 4)]).toBe('revealed');
    expect(game.cells[at(0, 1)]).toBe('hidden');
    expect(game.cells[at(0, 0)]).toBe('hidden');
    expect(game.revealed).toBe(22);
  });

  it('leaves flagged cells closed during a flood fill', () => {
    const flagged = toggleFlag(gameWithMines(SMALL, [at(0, 0), at(0, 2)]), at(3, 3));
    const game = reveal(flagged, at(4, 0), noRandom, 0);
    expect(game.cells[at(3, 3)]).toBe('flagged');
    expect(game.cells[at(4, 4)]).toBe('revealed');
  });
});

describe('minesweeper flags', () => {
  const start = gameWithMines(SMALL, [at(0, 0), at(0, 2)]);

  it('toggles a flag on and off and moves the mine counter', () => {
    const once = toggleFlag(start, at(0, 0));
    expect(once.cells[at(0, 0)]).toBe('flagged');
    expect(minesLeft(once)).toBe(1);
    const twice = toggleFlag(once, at(0, 0));
    expect(twice.cells[at(0, 0)]).toBe('hidden');
    expect(minesLeft(twice)).toBe(2);
  });

  it('does not reveal a flagged cell, even when it hides a mine', () => {
    const flagged = toggleFlag(start, at(0, 0));
    expect(reveal(flagged, at(0, 0), noRandom, 0)).toBe(flagged);
    expect(activate(flagged, at(0, 0), noRandom, 0)).toBe(flagged);
  });

  it('cannot flag a revealed cell', () => {
    const opened = reveal(start, at(1, 1), noRandom, 0);
    expect(toggleFlag(opened, at(1, 1))).toBe(opened);
  });

  it('lets the counter go negative when there are more flags than mines', () => {
    let game: Game = start;
    for (const i of [10, 11, 12]) game = toggleFlag(game, i);
    expect(minesLeft(game)).toBe(-1);
  });
});

describe('minesweeper chording', () => {
  const opened = reveal(gameWithMines(SMALL, [at(0, 0), at(0, 2)]), at(1, 0), noRandom, 0);

  it('opens the other neighbours of a number whose flags match it', () => {
    const flagged = toggleFlag(opened, at(0, 0));
    const game = activate(flagged, at(1, 0), noRandom, 0);
    expect(game.cells[at(0, 1)]).toBe('revealed');
    expect(game.cells[at(1, 1)]).toBe('revealed');
    expect(game.cells[at(2, 0)]).toBe('revealed');
    expect(game.status).not.toBe('lost');
  });

  it('does nothing when the flags around do not match the number', () => {
    expect(chord(opened, at(1, 0), 0)).toBe(opened);
  });

  it('sets off the mine when a flag is on the wrong cell', () => {
    const wrong = toggleFlag(opened, at(1, 1));
    const game = chord(wrong, at(1, 0), 5000);
    expect(game.status).toBe('lost');
    expect(game.exploded).toBe(at(0, 0));
    expect(isWrongFlag(game, at(1, 1))).toBe(true);
  });
});

describe('minesweeper end of game', () => {
  it('is lost on revealing a mine, which is marked as the one that exploded, and the clock stops', () => {
    const game = reveal(gameWithMines(SMALL, [at(0, 0), at(0, 2)], 1000), at(0, 2), noRandom, 4000);
    expect(game.status).toBe('lost');
    expect(game.exploded).toBe(at(0, 2));
    expect(elapsedSeconds(game, 99_000)).toBe(3);
    expect(reveal(game, at(4, 4), noRandom, 5000)).toBe(game);
    expect(toggleFlag(game, at(4, 4))).toBe(game);
  });

  it('is won once every safe cell is open, with all mines flagged and the counter at zero', () => {
    let game = reveal(gameWithMines(SMALL, [at(0, 0), at(0, 2)]), at(4, 4), noRandom, 0);
    expect(game.status).toBe('playing');
    game = reveal(game, at(0, 1), noRandom, 3000);
    expect(game.status).toBe('won');
    expect(game.cells[at(0, 0)]).toBe('flagged');
    expect(game.cells[at(0, 2)]).toBe('flagged');
    expect(minesLeft(game)).toBe(0);
    expect(game.endedAt).toBe(3000);
  });

  it('can be won by revealing every safe cell of a random expert board', () => {
    let game = reveal(newGame(LEVELS.expert), 200, seededRandom(8), 0);
    game.mines.forEach((mine, i) => {
      if (!mine) game = reveal(game, i, noRandom, 1);
    });
    expect(game.status).toBe('won');
    expect(game.revealed).toBe(30 * 16 - 99);
  });
});
