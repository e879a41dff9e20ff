import { describe, expect, it } from 'vitest';
import { sameView, viewFromSearch, viewToSearch } from './view-url.ts';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  DEFAULT_VIEW,
  panBy,
  viewFromDecimals,
  zoomAbout,
  zoomToBox,
  type View,
} from './view.ts';

function roundTrip(view: View): View | undefined {
  return viewFromSearch(viewToSearch(view));
}

describe('the view in the address', () => {
  it('leaves the first view out of the address', () => {
    expect(viewToSearch(DEFAULT_VIEW)).toBe('');
    expect(viewFromSearch('')).toBeUndefined();
  });

  it('writes a typed location as it was typed', () => {
    const view = viewFromDecimals('-0.75', '0.1', '1e-40');
    expect(viewToSearch(view)).toBe('?re=-0.75&im=0.1&px=1e-40');
    expect(sameView(roundTrip(view) as View, view)).toBe(true);
  });

  it('gives back exactly the view a box, a pan and the wheel made', () => {
    let view = zoomToBox(
      DEFAULT_VIEW,
      { x: 344, y: 252, width: 48, height: 36 },
      CANVAS_WIDTH,
      CANVAS_HEIGHT,
    );
    view = panBy(view, 17.25, -3.5);
    view = zoomAbout(view, { x: 123.4, y: 456.7 }, 0.5, CANVAS_WIDTH, CANVAS_HEIGHT);
    const back = roundTrip(view) as View;
    expect(back).toEqual(view);
    expect(viewToSearch(back)).toBe(viewToSearch(view));
  });

  it('keeps every bit of a view far deeper than doubles reach', () => {
    let view = viewFromDecimals('-1.7490844', '0.0000065', '3e-200');
    for (let i = 0; i < 5; i++)
      view = zoomAbout(view, { x: 101 + i, y: 77 }, 0.3, CANVAS_WIDTH, CANVAS_HEIGHT);
    const search = viewToSearch(view);
    // About 64 bits below one pixel of 1e-202 or so: some 220 digits, not thousands.
    expect(search.length).toBeLessThan(600);
    expect(roundTrip(view)).toEqual(view);
  });

  it('ignores an address that names no view the explorer can show', () => {
    for (const search of [
      '?re=-0.75&im=0.1',
      '?re=-0.75&im=0.1&px=-1e-40',
      '?re=-0.75&im=0.1&px=0',
      '?re=-0.75&im=0.1&px=0e-5',
      '?re=abc&im=0.1&px=1e-40',
      '?re=-0.75&im=0.1&px=1e-40x',
      '?re=-0.75&im=0.1&px=1',
      '?re=-0.75&im=0.1&px=1e-99999',
      '?re=1e30&im=0.1&px=1e-10',
      `?re=0.${'1'.repeat(9000)}&im=0&px=1e-10`,
    ]) {
      expect(viewFromSearch(search), search).toBeUndefined();
    }
  });
});
