import { describe, expect, it } from 'vitest';
import { initialState, isSolved, move, parseLevel } from '../logic.ts';
import { parseLurd } from '../lurd.ts';
import { goalDepthOrder, solveInOrder } from './solve-in-order.ts';

const replay = (xsb: string, lurd: string) =>
  parseLurd(lurd).reduce((state, step) => move(state, step.dir), initialState(parseLevel(xsb)));

describe('solving by filling goals one at a time', () => {
  // A dead-end corridor of goals: the far one must be filled first.
  const corridor = ['#######', '#..  @#', '### $$#', '#######'].join('\n');

  it('orders goals deepest first', () => {
    const level = parseLevel(corridor);
    expect(goalDepthOrder(level)).toEqual([1 * 7 + 1, 1 * 7 + 2]);
  });

  it('solves a level whose goals sit one behind the other', () => {
    const xsb = ['#######', '#..   #', '#  $$ #', '#   @ #', '#######'].join('\n');
    const lurd = solveInOrder(parseLevel(xsb)) as string;
    expect(isSolved(replay(xsb, lurd))).toBe(true);
  });

  it('counts a box already home behind walls as filled', () => {
    const xsb = ['#########', '#@ $ .#*#', '#########'].join('\n');
    expect(solveInOrder(parseLevel(xsb))).toBe('rRR');
  });

  it('gives up on a level where no box can be brought home', () => {
    expect(solveInOrder(parseLevel(['#####', '#$ .#', '# @ #', '#####'].join('\n')))).toBeNull();
  });
});
