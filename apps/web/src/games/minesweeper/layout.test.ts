import { describe, expect, it } from 'vitest';
import { cellAt, cellCentre, HEIGHT, layoutFor, onFace, WIDTH } from './layout.ts';
import { LEVELS } from './logic.ts';

describe('minesweeper layout', () => {
  for (const [name, level] of Object.entries(LEVELS)) {
    it(`fits the whole ${name} board inside the 800x600 canvas`, () => {
      const { frame, cell } = layoutFor(level);
      expect(frame.x).toBeGreaterThanOrEqual(0);
      expect(frame.y).toBeGreaterThanOrEqual(0);
      expect(frame.x + frame.w).toBeLessThanOrEqual(WIDTH);
      expect(frame.y + frame.h).toBeLessThanOrEqual(HEIGHT);
      expect(cell).toBeGreaterThanOrEqual(20);
    });

    it(`maps a click on each ${name} cell back to that cell`, () => {
      const layout = layoutFor(level);
      for (let i = 0; i < level.cols * level.rows; i++) {
        const { x, y } = cellCentre(layout, level, i);
        expect(cellAt(layout, level, x, y)).toBe(i);
      }
      expect(cellAt(layout, level, layout.grid.x - 1, layout.grid.y)).toBeNull();
    });
  }

  it('puts the restart face in the header, away from the cells', () => {
    const layout = layoutFor(LEVELS.expert);
    const x = layout.face.x + layout.face.size / 2;
    const y = layout.face.y + layout.face.size / 2;
    expect(onFace(layout, x, y)).toBe(true);
    expect(cellAt(layout, LEVELS.expert, x, y)).toBeNull();
  });
});
