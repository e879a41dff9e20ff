import { describe, expect, it } from 'vitest';
import { inMainBulbs, INSIDE, smoothEscape } from './escape.ts';
import { colourValues, leastEscape } from './colour.ts';
import { centreText, formatCentre, formatViewZoom, formatZoom } from './format.ts';
import { buildPalette, gradientAt, PALETTE_SIZE, paletteIndex } from './palette.ts';
import { renderFrame, renderTile } from './render.ts';
import { centreFirst, passSize, rowsPerTile, splitRows } from './tiles.ts';
import {
  boxFromDrag,
  DEFAULT_VIEW,
  maxIterationsFor,
  MIN_SCALE_LOG2,
  scaleLog2,
  panBy,
  pixelToComplex,
  scaleOf,
  viewFromDecimals,
  viewFromNumbers,
  zoomAbout,
  zoomLevel,
  zoomToBox,
} from './view.ts';

describe('escape-time iteration', () => {
  it('keeps points of the set inside', () => {
    expect(smoothEscape(0, 0, 1000)).toBe(INSIDE);
    expect(smoothEscape(-1, 0, 1000)).toBe(INSIDE);
    expect(smoothEscape(-0.12, 0.74, 1000)).toBe(INSIDE); // a period-3 bulb, caught by cycle detection
  });

  it('lets points far outside escape after a few steps', () => {
    const value = smoothEscape(2, 2, 1000);
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(3);
  });

  it('gives more iterations to points closer to the boundary', () => {
    expect(smoothEscape(0.26, 0, 1000)).toBeGreaterThan(smoothEscape(0.3, 0, 1000));
    expect(smoothEscape(0.3, 0, 1000)).toBeGreaterThan(smoothEscape(0.5, 0, 1000));
  });

  it('changes smoothly between neighbouring points, without integer steps', () => {
    const a = smoothEscape(0.4, 0.4, 1000);
    const b = smoothEscape(0.4 + 1e-6, 0.4, 1000);
    expect(Math.abs(a - b)).toBeLessThan(0.01);
    expect(Number.isInteger(a)).toBe(false);
  });

  it('treats a point that has not escaped within the budget as inside', () => {
    expect(smoothEscape(0.2501, 0, 10)).toBe(INSIDE);
    expect(smoothEscape(0.2501, 0, 10_000)).toBeGreaterThan(10);
  });

  it('recognises the main cardioid and the period-2 bulb', () => {
    expect(inMainBulbs(0.2, 0)).toBe(true);
    expect(inMainBulbs(-1.1, 0.1)).toBe(true);
    expect(inMainBulbs(0.3, 0)).toBe(false);
    expect(inMainBulbs(-1.3, 0)).toBe(false);
  });
});

describe('view geometry', () => {
  const view = viewFromNumbers(-0.5, 0.25, 0.01);

  it('maps the canvas centre to the view centre and puts the imaginary axis upwards', () => {
    expect(pixelToComplex(view, 400, 300, 800, 600)).toEqual([-0.5, 0.25]);
    const [re, im] = pixelToComplex(view, 500, 200, 800, 600);
    expect(re).toBeCloseTo(0.5);
    expect(im).toBeCloseTo(1.25);
  });

  it('keeps the canvas aspect ratio whichever way the pointer moves', () => {
    const aspect = 4 / 3;
    const wide = boxFromDrag({ x: 100, y: 100 }, { x: 300, y: 120 }, aspect);
    expect(wide).toEqual({ x: 100, y: 100, width: 200, height: 150 });
    const tall = boxFromDrag({ x: 100, y: 100 }, { x: 110, y: 250 }, aspect);
    expect(tall.height).toBeCloseTo(150);
    expect(tall.width / tall.height).toBeCloseTo(aspect);
  });

  it('grows the box up and left when the pointer is above and left of the first corner', () => {
    const box = boxFromDrag({ x: 400, y: 300 }, { x: 320, y: 240 }, 4 / 3);
    expect(box).toEqual({ x: 320, y: 240, width: 80, height: 60 });
  });

  it('zooms so the box fills the canvas', () => {
    const box = { x: 200, y: 150, width: 400, height: 300 };
    const zoomed = zoomToBox(view, box, 800, 600);
    expect(pixelToComplex(zoomed, 400, 300, 800, 600)).toEqual([-0.5, 0.25]);
    expect(scaleOf(zoomed)).toBeCloseTo(0.005);
    const corner = { x: 0, y: 0, width: 80, height: 60 };
    const [re, im] = pixelToComplex(view, 40, 30, 800, 600);
    const intoCorner = zoomToBox(view, corner, 800, 600);
    const [cornerRe, cornerIm] = pixelToComplex(intoCorner, 400, 300, 800, 600);
    expect(cornerRe).toBeCloseTo(re);
    expect(cornerIm).toBeCloseTo(im);
    expect(zoomLevel(intoCorner)).toBeCloseTo(zoomLevel(view) * 10);
  });

  it('zooms on past the range of doubles and stops at 1e-1000', () => {
    const past = zoomToBox(
      viewFromDecimals('-0.75', '0.1', '1e-300'),
      { x: 0, y: 0, width: 8, height: 6 },
      800,
      600,
    );
    expect(scaleLog2(past) * Math.log10(2)).toBeCloseTo(-302, 6);
    const deep = viewFromDecimals('-0.75', '0.1', '2e-1000');
    const zoomed = zoomToBox(deep, { x: 0, y: 0, width: 8, height: 6 }, 800, 600);
    expect(scaleLog2(zoomed)).toBeCloseTo(MIN_SCALE_LOG2, 6);
    expect(formatViewZoom(viewFromDecimals('-0.75', '0.1', '8.5e-600'))).toBe('5.0e+596×');
    expect(formatViewZoom(viewFromDecimals('-0.75', '0.1', '4.25e-40'))).toBe('1.0e+37×');
  });

  it('keeps the centre exact far below double precision, through box, wheel and drag', () => {
    // 10^-60 apart: one double cannot tell these centres from each other, the view can.
    let deep = viewFromDecimals('-0.75', '0.1', '1e-70');
    deep = zoomToBox(deep, { x: 400, y: 300, width: 80, height: 60 }, 800, 600);
    // The box's centre is 40 pixels right and 30 down of the old centre, a tenth as wide.
    const nines = (n: number) => `${'99999\u2009'.repeat(n / 5)}`;
    expect(centreText(deep).full).toBe(`−0.74999\u2009${nines(60)}9996\n+ 0.09999\u2009${nines(60)}9997i`);
    expect(scaleOf(deep)).toBeCloseTo(1e-71, 80);
    const wheeled = zoomAbout(deep, { x: 400, y: 300 }, 0.5, 800, 600);
    expect(formatCentre(wheeled).slice(0, 40)).toBe(formatCentre(deep).slice(0, 40));
    expect(scaleOf(wheeled) / scaleOf(deep)).toBeCloseTo(0.5, 9);
    // Dragging the picture 10 pixels right moves the centre 10 pixels left, exactly.
    const dragged = panBy(deep, 10, 0);
    expect(pixelToComplex(dragged, 410, 300, 800, 600)).toEqual(pixelToComplex(deep, 400, 300, 800, 600));
  });

  it('keeps the point under the pointer in place when the wheel zooms', () => {
    const at = { x: 100, y: 450 };
    const zoomed = zoomAbout(view, at, 0.25, 800, 600);
    const [re, im] = pixelToComplex(view, at.x, at.y, 800, 600);
    const [zre, zim] = pixelToComplex(zoomed, at.x, at.y, 800, 600);
    expect(zre).toBeCloseTo(re, 12);
    expect(zim).toBeCloseTo(im, 12);
    expect(scaleOf(zoomed)).toBeCloseTo(0.0025, 12);
  });

  it('raises the iteration budget as the zoom deepens', () => {
    const shallow = maxIterationsFor(DEFAULT_VIEW);
    const deeper = maxIterationsFor(viewFromNumbers(-0.6, 0, scaleOf(DEFAULT_VIEW) / 1e4));
    const deepest = maxIterationsFor(viewFromNumbers(-0.6, 0, scaleOf(DEFAULT_VIEW) / 1e12));
    const beyondDoubles = maxIterationsFor(viewFromDecimals('-0.6', '0', '1e-100'));
    expect(shallow).toBe(200);
    expect(deeper).toBeGreaterThan(shallow);
    expect(deepest).toBeGreaterThan(deeper);
    expect(beyondDoubles).toBeGreaterThan(deepest);
  });
});

describe('palette', () => {
  it('starts in deep blue and passes through near white', () => {
    expect(gradientAt(0)).toEqual([0, 7, 100]);
    expect(gradientAt(0.42)).toEqual([237, 255, 255]);
  });

  it('wraps around without a seam', () => {
    const end = gradientAt(0.9999);
    const start = gradientAt(0);
    for (let c = 0; c < 3; c++) expect(Math.abs((end[c] as number) - (start[c] as number))).toBeLessThan(3);
  });

  it('maps every smooth value to a valid table entry', () => {
    const table = buildPalette();
    expect(table.length).toBe(PALETTE_SIZE + 1);
    for (const smooth of [0, 0.5, 3, 17.25, 999.9, 1e6]) {
      const i = paletteIndex(smooth);
      expect(i).toBeGreaterThanOrEqual(0);
      expect(i).toBeLessThan(PALETTE_SIZE);
    }
  });
});

describe('tiles', () => {
  it('covers the image with full-width bands exactly once', () => {
    const tiles = splitRows(100, 75, 8);
    expect(tiles).toHaveLength(10);
    expect(tiles.reduce((sum, t) => sum + t.height, 0)).toBe(75);
    expect(tiles.at(-1)).toEqual({ x: 0, y: 72, width: 100, height: 3 });
  });

  it('puts the middle bands first', () => {
    const ordered = centreFirst(splitRows(800, 600, 100), 800, 600);
    expect(
      ordered
        .slice(0, 2)
        .map((t) => t.y)
        .sort((a, b) => a - b),
    ).toEqual([200, 300]);
    expect([0, 500]).toContain(ordered.at(-1)?.y);
  });

  it('gives each worker about eight tiles, between 4 and 32 rows tall', () => {
    expect(rowsPerTile(600, 2)).toBe(32);
    expect(rowsPerTile(600, 4)).toBe(19);
    expect(rowsPerTile(600, 8)).toBe(9);
    expect(rowsPerTile(600, 32)).toBe(4);
    expect(rowsPerTile(75, 2)).toBe(5);
  });

  it('sizes a coarse pass at an eighth of the canvas', () => {
    expect(passSize(800, 600, 8)).toEqual({ width: 100, height: 75 });
    expect(passSize(801, 600, 8)).toEqual({ width: 101, height: 75 });
  });
});

describe('rendering', () => {
  const frame = { view: DEFAULT_VIEW, width: 80, height: 60, maxIterations: 200 };

  it('gives the same counts whether a frame is rendered whole or in bands', () => {
    const whole = renderFrame(frame);
    const parts = splitRows(80, 60, 7).map((tile) => ({ tile, pixels: renderTile(frame, 1, tile) }));
    for (const { tile, pixels } of parts) {
      expect(pixels).toEqual(whole.subarray(tile.y * 80, (tile.y + tile.height) * 80));
    }
  });

  it('paints the set black and the outside in colour, all opaque', () => {
    const values = renderFrame(frame);
    const pixels = colourValues(values, leastEscape(values));
    const at = (x: number, y: number) => Array.from(pixels.subarray((y * 80 + x) * 4, (y * 80 + x) * 4 + 4));
    expect(at(46, 30)).toEqual([0, 0, 0, 255]); // near c = 0
    expect(at(0, 0)).not.toEqual([0, 0, 0, 255]);
    for (let i = 3; i < pixels.length; i += 4) expect(pixels[i]).toBe(255);
  });

  it('renders a coarse pass as the same view at an eighth of the size', () => {
    const coarse = renderTile({ ...frame, height: 64 }, 8, { x: 0, y: 0, width: 10, height: 8 });
    const small = renderFrame({
      ...frame,
      width: 10,
      height: 8,
      view: viewFromNumbers(-0.6, 0, scaleOf(DEFAULT_VIEW) * 8),
    });
    expect(coarse).toEqual(small);
  });
});

describe('read-out', () => {
  it('shows the centre with a sign and more digits when zoomed', () => {
    expect(formatCentre(DEFAULT_VIEW)).toBe('−0.600000 + 0.000000i');
    expect(formatCentre(viewFromNumbers(0.25, -0.5, 1e-9))).toBe('0.2500000000 − 0.5000000000i');
  });

  it('shows the zoom compactly', () => {
    expect(formatZoom(1)).toBe('1×');
    expect(formatZoom(37.54)).toBe('37.5×');
    expect(formatZoom(2048.4)).toBe('2,048×');
    expect(formatZoom(3.1e9)).toBe('3.1e+9×');
  });
});
