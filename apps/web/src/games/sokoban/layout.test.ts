import { describe, expect, it } from 'vitest';
import { boardLayout, cellAt, cellCentre, fitBoard } from './layout.ts';
import { LEVELS, levelXsb } from './levels.ts';
import { parseLevel } from './logic.ts';

describe('board layout', () => {
  it('centres a small level with tiles no larger than 64 px', () => {
    const layout = boardLayout(5, 3, 800, 600);
    expect(layout.tile).toBe(64);
    expect(layout.offsetX * 2 + layout.tile * 5).toBe(800);
    expect(layout.offsetY * 2 + layout.tile * 3).toBe(600);
  });

  it('shrinks tiles so a large level fits inside the canvas with half a tile to spare each side', () => {
    const layout = boardLayout(29, 17, 800, 600);
    expect(layout.tile * 30).toBeLessThanOrEqual(800);
    expect(layout.tile * 18).toBeLessThanOrEqual(600);
    expect(layout.tile).toBeGreaterThan(20);
  });

  it('maps a tap at a cell centre back to that cell, and a tap off the grid to none', () => {
    const layout = boardLayout(8, 6, 400, 300);
    for (const index of [0, 7, 19, 47]) {
      const { x, y } = cellCentre(layout, index);
      expect(cellAt(layout, x, y)).toBe(index);
    }
    expect(cellAt(layout, 1, 1)).toBe(-1);
  });
});

describe('fitting the board on screen', () => {
  // The space under the controls: a 1366 x 768 laptop and a 390 x 844 phone, as measured in the browser.
  const screens = [
    { name: 'laptop', width: 800, height: 440 },
    { name: 'phone', width: 356, height: 420 },
  ];

  it.each(screens)('every level fits whole on a $name, with tiles of at least 8 px', ({ width, height }) => {
    const misfits = LEVELS.filter((data) => {
      const level = parseLevel(levelXsb(data));
      const size = fitBoard(level.width, level.height, width, height);
      const layout = boardLayout(level.width, level.height, size.width, size.height);
      return (
        size.width > width ||
        size.height > height ||
        layout.tile < 8 ||
        layout.offsetX < 0 ||
        layout.offsetY < 0 ||
        layout.offsetY + layout.tile * level.height > size.height
      );
    });
    expect(misfits.map((data) => data.id)).toEqual([]);
  });

  it('takes only the height a short level needs', () => {
    expect(fitBoard(20, 5, 800, 500)).toEqual({ width: 800, height: 6 * 38 });
  });

  it('keeps a playable height when the window leaves almost none, and never draws wider than 800 px', () => {
    expect(fitBoard(6, 7, 1200, 90)).toEqual({ width: 800, height: 8 * 27 });
  });
});
