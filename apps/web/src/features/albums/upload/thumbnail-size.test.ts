import { describe, expect, it } from 'vitest';
import { fullSize, renditionSize, thumbnailSize } from './thumbnail-size.ts';

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
  it('keeps every image a canvas can hold at its own size, phone photos included', () => {
    expect(fullSize({ width: 1200, height: 800 })).toEqual({ width: 1200, height: 800 });
    expect(fullSize({ width: 4032, height: 3024 })).toEqual({ width: 4032, height: 3024 });
    expect(fullSize({ width: 4096, height: 4096 })).toEqual({ width: 4096, height: 4096 });
  });

  it('fits larger images into the canvas limit, keeping the aspect ratio', () => {
    const big = fullSize({ width: 6000, height: 4000 });
    expect(big.width * big.height).toBeLessThanOrEqual(4096 * 4096);
    expect(big.width * big.height).toBeGreaterThan(0.999 * 4096 * 4096);
    expect(big.width / big.height).toBeCloseTo(1.5, 3);
  });
});

describe('screen-sized rendition', () => {
  it('scales the longer side of a camera photo to 1600 px, landscape or portrait', () => {
    expect(renditionSize({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
    expect(renditionSize({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
  });

  it('makes none for an image already no larger than a screen', () => {
    expect(renditionSize({ width: 1600, height: 900 })).toBeNull();
    expect(renditionSize({ width: 640, height: 480 })).toBeNull();
  });

  it('never gives a zero side for extreme panoramas', () => {
    expect(renditionSize({ width: 100_000, height: 10 })).toEqual({ width: 1600, height: 1 });
  });
});
