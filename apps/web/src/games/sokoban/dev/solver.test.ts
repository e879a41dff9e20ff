import { describe, expect, it } from 'vitest';
import { initialState, isSolved, move, parseLevel } from '../logic.ts';
import { parseLurd } from '../lurd.ts';
import { pushDistances, solve } from './solver.ts';

describe('solver', () => {
  it('solves a one-push level with the shortest answer', () => {
    expect(solve(parseLevel(['#####', '#@$.#', '#####'].join('\n')))).toBe('R');
  });

  it('walks around to push from the right side', () => {
    const level = parseLevel(['######', '#@   #', '# .$ #', '######'].join('\n'));
    const lurd = solve(level) as string;
    let state = initialState(level);
    for (const step of parseLurd(lurd)) state = move(state, step.dir);
    expect(isSolved(state)).toBe(true);
    expect(lurd).toBe('rrrdL');
  });

  it('gives up on a level whose box starts in a corner off its goal', () => {
    expect(solve(parseLevel(['#####', '#$ .#', '# @ #', '#####'].join('\n')))).toBeNull();
  });

  it('marks corners away from goals as dead squares', () => {
    const level = parseLevel(['#####', '#$ .#', '# @ #', '#####'].join('\n'));
    const distance = pushDistances(level);
    expect(distance[6]).toBe(Infinity);
    expect(distance[8]).toBe(0);
    expect(distance[7]).toBe(1);
  });
});
