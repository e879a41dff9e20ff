import { describe, expect, it } from 'vitest';
import {
  bounded,
  doubleTapped,
  maxScale,
  needsFullSize,
  panBy,
  pinched,
  unzoomed,
  wheelFactor,
  zoomAt,
} from './zoom.ts';

// A 600x400 picture fitted in an 800x500 stage.
const picture = { width: 600, height: 400 };
const stage = { width: 800, height: 500 };

describe('zooming the viewer', () => {
  it('keeps the spot under the pointer in place while zooming in on it', () => {
    const at = { x: 100, y: -50 };
    const view = zoomAt(unzoomed, 2, at, picture, stage);
    expect(view.scale).toBe(2);
    // The picture point that was under the pointer (100, -50 from its centre) is still under it.
    expect(view.x + 100 * view.scale).toBe(at.x);
    expect(view.y + -50 * view.scale).toBe(at.y);
  });

  it('never zooms out past the whole picture, nor in past the closest zoom', () => {
    expect(zoomAt(unzoomed, 0.5, { x: 0, y: 0 }, picture, stage)).toEqual(unzoomed);
    expect(zoomAt(unzoomed, 100, { x: 0, y: 0 }, picture, stage).scale).toBe(maxScale);
  });

  it('lets a zoomed picture move only until its edge meets the stage edge, so it cannot be lost', () => {
    const zoomed = { scale: 2, x: 0, y: 0 };
    // 1200x800 drawn in 800x500: 200 px of slack to each side, 150 up and down.
    expect(panBy(zoomed, { x: 5000, y: -5000 }, picture, stage)).toEqual({ scale: 2, x: 200, y: -150 });
    // Narrower than the stage along an axis: it stays centred along it.
    expect(bounded({ scale: 1.2, x: 90, y: 90 }, picture, stage)).toEqual({ scale: 1.2, x: 0, y: 0 });
  });

  it('zooms in as the wheel rolls up and out as it rolls down, lines counting more than pixels', () => {
    expect(wheelFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0)).toBeLessThan(1);
    expect(wheelFactor(-3, 1)).toBeGreaterThan(wheelFactor(-3, 0));
    expect(wheelFactor(-100, 0) * wheelFactor(100, 0)).toBeCloseTo(1);
  });

  it('follows two fingers: spreading them to twice their distance doubles the size', () => {
    const from = [
      { x: -50, y: 0 },
      { x: 50, y: 0 },
    ] as const;
    const to = [
      { x: -100, y: 0 },
      { x: 100, y: 0 },
    ] as const;
    expect(pinched(unzoomed, from, to, picture, stage)).toEqual({ scale: 2, x: 0, y: 0 });
    // Both fingers then move right together: the picture follows them.
    const moved = [
      { x: -60, y: 0 },
      { x: 140, y: 0 },
    ] as const;
    expect(pinched(unzoomed, from, moved, picture, stage)).toEqual({ scale: 2, x: 40, y: 0 });
  });

  it('zooms in on a double tap and back to the whole picture on the next', () => {
    const view = doubleTapped(unzoomed, { x: 0, y: 0 }, picture, stage);
    expect(view.scale).toBe(2.5);
    expect(doubleTapped(view, { x: 0, y: 0 }, picture, stage)).toEqual(unzoomed);
  });

  it('asks for the full size once the picture is drawn with more pixels than the screen-sized file has', () => {
    const natural = { width: 1600, height: 1067 };
    expect(needsFullSize(unzoomed, picture, natural, 2)).toBe(false);
    expect(needsFullSize({ scale: 2, x: 0, y: 0 }, picture, natural, 1)).toBe(false);
    expect(needsFullSize({ scale: 3, x: 0, y: 0 }, picture, natural, 1)).toBe(true);
    expect(needsFullSize({ scale: 2, x: 0, y: 0 }, picture, natural, 2)).toBe(true);
  });
});
