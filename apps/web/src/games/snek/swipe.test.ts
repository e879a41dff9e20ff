import { describe, expect, it } from 'vitest';
import { swipeMove, type SwipeOrigin } from './swipe.ts';

const down: SwipeOrigin = { x: 100, y: 100, id: 1, turned: false };

describe('swipes turn while the finger moves', () => {
  it('does not turn before the finger has travelled the threshold', () => {
    const { origin, turn } = swipeMove(down, 110, 105);
    expect(turn).toBeNull();
    expect(origin).toBe(down);
  });

  it('turns as soon as the threshold is crossed, before any lift', () => {
    const { origin, turn } = swipeMove(down, 100, 70);
    expect(turn).toBe('up');
    expect(origin).toEqual({ x: 100, y: 70, id: 1, turned: true });
  });

  it('turns again when one drag bends, measured from where the last turn was taken', () => {
    const first = swipeMove(down, 100, 70);
    expect(swipeMove(first.origin, 110, 60).turn).toBeNull();
    expect(swipeMove(first.origin, 130, 72).turn).toBe('right');
  });
});
