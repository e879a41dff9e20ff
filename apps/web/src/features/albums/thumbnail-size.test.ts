import { describe, expect, it } from 'vitest';
import { fullSize, thumbnailSize } from './thumbnail-size.ts';

describe('thumbnail size', () => {
  it('scales the shorter side of a landscape image to 80 px', () => {
    expect(thumbnailSize({ width: 4000, height: 3000 })).toEqual({ width: 107, height: 80 });
  });

  it('scales the shorter side of a portrait image to 80 px', () => {
    expect(thumbnailSize({ width: 1080, height: 1920 })).toEqual({ width: 80, height: 142 });
  });

  it('makes a square 80 x 80 and enlarges images smaller than that', () => {
    expect(thumbnailSize({ width: 500, height: 500 })).toEqual({ width: 80, height: 80 });
    expect(thumbnailSize({ width: 40, height: 20 })).toEqual({ width: 160, height: 80 });
  });

  it('never gives a zero side for extreme panoramas', () => {
    expect(thumbnailSize({ width: 100_000, height: 10 }).height).toBe(80);
    expect(thumbnailSize({ width: 1, height: 100_000 }).width).toBe(80);
    expect(thumbnailSize({ width: 100_000, height: 1 }, 0.001).height).toBeGreaterThanOrEqual(1);
  });
});

describe('full-size image', () => {
  it('caps the longer side, keeping the aspect ratio', () => {
    expect(fullSize({ width: 6000, height: 4000 })).toEqual({ width: 2560, height: 1707 });
    expect(fullSize({ width: 3000, height: 4000 })).toEqual({ width: 1920, height: 2560 });
  });

  it('keeps smaller images at their own size', () => {
    expect(fullSize({ width: 1200, height: 800 })).toEqual({ width: 1200, height: 800 });
  });
});
