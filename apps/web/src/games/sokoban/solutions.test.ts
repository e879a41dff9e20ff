import { describe, expect, it } from 'vitest';
import { LEVELS, levelXsb } from './levels.ts';
import { initialState, isSolved, move, parseLevel, undo } from './logic.ts';
import { parseLurd } from './lurd.ts';
import { SOLUTIONS } from './solutions.ts';

describe('every shipped level can be solved', () => {
  it('has a recorded solution for each shipped level', () => {
    expect(LEVELS.filter((level) => !SOLUTIONS[level.id]).map((level) => level.id)).toEqual([]);
  });

  it.each(LEVELS.map((level) => [level.id, level] as const))(
    'replaying the solution of level %i solves it with matching move and push counts',
    (id, data) => {
      const steps = parseLurd(SOLUTIONS[id] ?? '');
      let state = initialState(parseLevel(levelXsb(data)));
      expect(isSolved(state)).toBe(false);
      // Checked step by step but asserted once, so 150 long replays stay fast.
      let blockedAt = -1;
      let wrongPushAt = -1;
      let badUndoAt = -1;
      steps.forEach((step, i) => {
        const before = state;
        state = move(state, step.dir);
        if (state === before && blockedAt === -1) blockedAt = i;
        if (state.pushes - before.pushes !== (step.push ? 1 : 0) && wrongPushAt === -1) wrongPushAt = i;
        if (undo(state) !== before && badUndoAt === -1) badUndoAt = i;
      });
      expect({ blockedAt, wrongPushAt, badUndoAt }).toEqual({
        blockedAt: -1,
        wrongPushAt: -1,
        badUndoAt: -1,
      });
      expect(isSolved(state)).toBe(true);
      expect(state.moves).toBe(steps.length);
      expect(state.pushes).toBe(steps.filter((step) => step.push).length);
      const lastUndone = undo(state);
      expect(isSolved(lastUndone)).toBe(false);
      expect(lastUndone.moves).toBe(steps.length - 1);
    },
  );
});
