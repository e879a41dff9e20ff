import { describe, expect, it } from 'vitest';
import { cellAt, HEIGHT, layoutFor, WIDTH } from './layout.ts';
import { LEVELS } from './logic.ts';
import { clampView, FINGER, fingerView, panBy, toDrawing, WHOLE, zoomAbout } from './viewport.ts';

/** A phone shows the 800-unit canvas about 358 CSS px wide. */
const PHONE = 358;

describe('the part of the board a phone shows', () => {
  it('magnifies every level until a cell is a finger wide, centred on the middle of the grid', () => {
    for (const level of Object.values(LEVELS)) {
      const layout = layoutFor(level);
      const view = fingerView(layout, PHONE);
      expect((layout.cell * view.zoom * PHONE) / WIDTH).toBeGreaterThanOrEqual(FINGER - 1e-9);
      const middle = toDrawing(view, WIDTH / 2, HEIGHT / 2);
      const centre = Math.floor(level.rows / 2) * level.cols + Math.floor(level.cols / 2);
      const near = cellAt(layout, level, middle.x, middle.y)!;
      expect(Math.abs((near % level.cols) - (centre % level.cols))).toBeLessThanOrEqual(1);
      expect(Math.abs(Math.floor(near / level.cols) - Math.floor(centre / level.cols))).toBeLessThanOrEqual(
        1,
      );
    }
  });

  it('shows the whole drawing where cells are already a finger wide', () => {
    expect(fingerView(layoutFor(LEVELS.beginner), 800)).toEqual(WHOLE);
  });

  it('keeps the point between the fingers in place while zooming', () => {
    const before = toDrawing(WHOLE, 200, 150);
    const zoomed = zoomAbout(WHOLE, 2.5, 200, 150);
    expect(zoomed.zoom).toBe(2.5);
    const after = toDrawing(zoomed, 200, 150);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('never zooms out past the whole drawing nor pans off its edges', () => {
    expect(zoomAbout(WHOLE, 0.3, 400, 300)).toEqual(WHOLE);
    const zoomed = zoomAbout(WHOLE, 4, 400, 300);
    expect(panBy(zoomed, 10_000, 10_000)).toEqual({ zoom: 4, x: 0, y: 0 });
    expect(panBy(zoomed, -10_000, -10_000)).toEqual({ zoom: 4, x: WIDTH * 0.75, y: HEIGHT * 0.75 });
    expect(clampView({ zoom: 100, x: 0, y: 0 }).zoom).toBeLessThan(100);
  });

  it('moves the drawing with the finger', () => {
    const zoomed = zoomAbout(WHOLE, 2, 400, 300);
    const moved = panBy(zoomed, 40, -20);
    expect(toDrawing(moved, 440, 280)).toEqual(toDrawing(zoomed, 400, 300));
  });
});
