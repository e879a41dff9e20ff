import { describe, expect, it } from 'vitest';
import {
  boxesOnGoals,
  directionBetween,
  initialState,
  isSolved,
  move,
  parseLevel,
  restart,
  undo,
  walkTo,
  type SokobanState,
} from './logic.ts';

/*
 * #######
 * #     #
 * # @$ .#
 * #  $$.#
 * #    .#
 * #######
 */
const ROOM = parseLevel(['#######', '#     #', '# @$ .#', '#  $$.#', '#    .#', '#######'].join('\n'));
const at = (x: number, y: number): number => y * ROOM.width + x;
const sortedBoxes = (state: SokobanState): number[] => [...state.boxes].sort((a, b) => a - b);

describe('moving the keeper', () => {
  it('walks onto free floor and counts a move but no push', () => {
    const state = move(initialState(ROOM), 'up');
    expect(state.player).toBe(at(2, 1));
    expect(state.moves).toBe(1);
    expect(state.pushes).toBe(0);
  });

  it('does not walk into a wall, and the blocked step is not counted', () => {
    const start = move(initialState(ROOM), 'up');
    const blocked = move(start, 'up');
    expect(blocked).toBe(start);
    expect(blocked.moves).toBe(1);
  });

  it('pushes a box into free floor, counting a move and a push', () => {
    const state = move(initialState(ROOM), 'right');
    expect(state.player).toBe(at(3, 2));
    expect(state.boxes.has(at(4, 2))).toBe(true);
    expect(state.boxes.has(at(3, 2))).toBe(false);
    expect(state.moves).toBe(1);
    expect(state.pushes).toBe(1);
  });

  it('cannot push a box into a wall', () => {
    const pushedToGoal = move(move(initialState(ROOM), 'right'), 'right');
    expect(pushedToGoal.boxes.has(at(5, 2))).toBe(true);
    expect(move(pushedToGoal, 'right')).toBe(pushedToGoal);
  });

  it('cannot push two boxes at once', () => {
    const besideRow = move(initialState(ROOM), 'down');
    expect(besideRow.player).toBe(at(2, 3));
    expect(move(besideRow, 'right')).toBe(besideRow);
    const aboveColumn = move(move(initialState(ROOM), 'up'), 'right');
    expect(aboveColumn.player).toBe(at(3, 1));
    expect(move(aboveColumn, 'down')).toBe(aboveColumn);
  });

  it('turns the keeper to face the way he last stepped', () => {
    expect(move(initialState(ROOM), 'left').facing).toBe('left');
  });
});

describe('undo and restart', () => {
  it('undo restores the exact position, boxes and counters before the last step', () => {
    const before = move(initialState(ROOM), 'up');
    const after = move(move(before, 'down'), 'right');
    const undone = undo(after);
    expect(undone.player).toBe(at(2, 2));
    expect(sortedBoxes(undone)).toEqual(sortedBoxes(initialState(ROOM)));
    expect(undone.moves).toBe(2);
    expect(undone.pushes).toBe(0);
    expect(undo(undone)).toBe(before);
  });

  it('undo is unlimited and stops at the start of the level', () => {
    let state = initialState(ROOM);
    for (const dir of ['up', 'right', 'right', 'down', 'left'] as const) state = move(state, dir);
    for (let i = 0; i < 10; i += 1) state = undo(state);
    expect(state.moves).toBe(0);
    expect(state.player).toBe(ROOM.player);
    expect(state.previous).toBeNull();
  });

  it('restart puts everything back with zero moves and no history', () => {
    const played = move(move(initialState(ROOM), 'right'), 'down');
    const fresh = restart(played);
    expect(fresh.player).toBe(ROOM.player);
    expect(sortedBoxes(fresh)).toEqual(sortedBoxes(initialState(ROOM)));
    expect(fresh.moves).toBe(0);
    expect(fresh.pushes).toBe(0);
    expect(fresh.previous).toBeNull();
  });
});

describe('winning', () => {
  it('is solved only when every box is on a goal', () => {
    const level = parseLevel(['######', '#@$ .#', '######'].join('\n'));
    const once = move(initialState(level), 'right');
    expect(isSolved(once)).toBe(false);
    expect(boxesOnGoals(once)).toBe(0);
    const twice = move(once, 'right');
    expect(isSolved(twice)).toBe(true);
    expect(boxesOnGoals(twice)).toBe(1);
  });
});

describe('pointer helpers', () => {
  it('gives the direction to an adjacent cell and null for one further away', () => {
    expect(directionBetween(ROOM, at(2, 2), at(2, 1))).toBe('up');
    expect(directionBetween(ROOM, at(2, 2), at(1, 2))).toBe('left');
    expect(directionBetween(ROOM, at(2, 2), at(4, 2))).toBeNull();
    expect(directionBetween(ROOM, at(2, 2), at(3, 3))).toBeNull();
  });

  it('finds the shortest walk around boxes to a clicked cell', () => {
    const path = walkTo(initialState(ROOM), at(4, 1));
    expect(path).toEqual(['up', 'right', 'right']);
  });

  it('finds no walk to a cell boxes or walls shut off', () => {
    const level = parseLevel(['#######', '#@ $ .#', '#######'].join('\n'));
    expect(walkTo(initialState(level), 4 + 7)).toBeNull();
    expect(walkTo(initialState(level), 0)).toBeNull();
  });
});
