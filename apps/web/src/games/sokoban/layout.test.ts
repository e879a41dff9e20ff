import { describe, expect, it } from 'vitest';
import { CANVAS_HEIGHT, CANVAS_WIDTH, boardLayout, cellAt, cellCentre } from './layout.ts';

describe('board layout', () => {
  it('centres a small level with tiles no larger than 64 px', () => {
    const layout = boardLayout(5, 3);
    expect(layout.tile).toBe(64);
    expect(layout.offsetX * 2 + layout.tile * 5).toBe(CANVAS_WIDTH);
    expect(layout.offsetY * 2 + layout.tile * 3).toBe(CANVAS_HEIGHT);
  });

  it('shrinks tiles so a large level fits inside the canvas', () => {
    const layout = boardLayout(29, 17);
    expect(layout.tile * 29).toBeLessThanOrEqual(CANVAS_WIDTH);
    expect(layout.tile * 17).toBeLessThanOrEqual(CANVAS_HEIGHT);
    expect(layout.tile).toBeGreaterThan(20);
  });

  it('maps a tap at a cell centre back to that cell, and a tap off the grid to none', () => {
    const layout = boardLayout(8, 6);
    for (const index of [0, 7, 19, 47]) {
      const { x, y } = cellCentre(layout, index);
      expect(cellAt(layout, x, y)).toBe(index);
    }
    expect(cellAt(layout, 1, 1)).toBe(-1);
  });
});
