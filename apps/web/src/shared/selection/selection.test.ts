import { describe, expect, it } from 'vitest';
import { extendTo, noSelection, selectedIn, stepTo, toggle } from './selection.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('selecting many', () => {
  it('toggles an item in and out, making it the anchor', () => {
    const one = toggle(noSelection, 'c');
    expect(selectedIn(one, order)).toEqual(['c']);
    expect(one.anchor).toBe('c');
    expect(selectedIn(toggle(one, 'c'), order)).toEqual([]);
  });

  it('extends from the anchor to a shift-clicked item either way, keeping what was selected', () => {
    const start = toggle(toggle(noSelection, 'a'), 'b');
    expect(selectedIn(extendTo(start, 'd', order), order)).toEqual(['a', 'b', 'c', 'd']);
    const fromD = toggle(noSelection, 'd');
    expect(selectedIn(extendTo(fromD, 'b', order), order)).toEqual(['b', 'c', 'd']);
    expect(extendTo(fromD, 'b', order).anchor).toBe('d');
  });

  it('toggles a shift-clicked item when nothing anchors a range', () => {
    expect(selectedIn(extendTo(noSelection, 'b', order), order)).toEqual(['b']);
  });

  it('grows a Shift+arrow range from the focused item, then from the same anchor', () => {
    const first = stepTo(noSelection, 'b', 'c', order);
    expect(selectedIn(first, order)).toEqual(['b', 'c']);
    expect(selectedIn(stepTo(first, 'c', 'd', order), order)).toEqual(['b', 'c', 'd']);
  });

  it('lists only the selected items still shown, in their order', () => {
    const some = toggle(toggle(toggle(noSelection, 'e'), 'a'), 'c');
    expect(selectedIn(some, order)).toEqual(['a', 'c', 'e']);
    expect(selectedIn(some, ['e', 'c'])).toEqual(['e', 'c']);
  });
});
