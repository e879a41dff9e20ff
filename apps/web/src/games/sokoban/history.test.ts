import { describe, expect, it } from 'vitest';
import { advanceTo, canRedo, historyAt, redoStep, undoStep } from './history.ts';
import { initialState, move, parseLevel } from './logic.ts';

// #######
// #@ $ .#
// #######
const LEVEL = parseLevel(['#######', '#@ $ .#', '#######'].join('\n'));
const start = initialState(LEVEL);
const step = (history: ReturnType<typeof historyAt>) => advanceTo(history, move(history.game, 'right'));

describe('undo and redo', () => {
  it('redoes what was undone, in order, back to the same positions and counters', () => {
    const played = step(step(step(historyAt(start))));
    expect([played.game.moves, played.game.pushes]).toEqual([3, 2]);
    const back = undoStep(undoStep(played));
    expect([back.game.moves, back.game.pushes]).toEqual([1, 0]);
    expect(canRedo(back)).toBe(true);
    const once = redoStep(back);
    expect([once.game.moves, once.game.pushes]).toEqual([2, 1]);
    const twice = redoStep(once);
    expect(twice.game).toBe(played.game);
    expect(canRedo(twice)).toBe(false);
    expect(redoStep(twice)).toBe(twice);
  });

  it('forgets the steps to redo once a new step is played', () => {
    const back = undoStep(step(step(historyAt(start))));
    const branched = advanceTo(back, move(back.game, 'left'));
    expect(branched.game.player).toBe(start.player);
    expect(canRedo(branched)).toBe(false);
  });

  it('keeps the redo list when a step is blocked', () => {
    const back = undoStep(step(historyAt(start)));
    expect(advanceTo(back, move(back.game, 'left'))).toBe(back);
    expect(canRedo(back)).toBe(true);
  });

  it('does nothing on undo at the start of a level', () => {
    const fresh = historyAt(start);
    expect(undoStep(fresh)).toBe(fresh);
  });
});
