import { describe, expect, it } from 'vitest';
import { parseLevel, validateLevel } from './level.ts';
import { LEVEL_CREDIT, LEVELS, levelXsb } from './levels.ts';

const TINY = ['#####', '#@$.#', '#####'].join('\n');

describe('parseLevel', () => {
  it('reads walls, goals, boxes and the player from XSB notation', () => {
    const level = parseLevel(TINY);
    expect(level.width).toBe(5);
    expect(level.height).toBe(3);
    expect(level.player).toBe(6);
    expect(level.boxes).toEqual([7]);
    expect(level.goals[8]).toBe(true);
    expect(level.walls[0]).toBe(true);
    expect(level.inside[6] && level.inside[7] && level.inside[8]).toBe(true);
  });

  it('treats + as the player on a goal and * as a box on a goal', () => {
    const level = parseLevel(['#####', '#+*$#', '#####'].join('\n'));
    expect(level.player).toBe(6);
    expect(level.goals[6]).toBe(true);
    expect(level.goals[7]).toBe(true);
    expect(level.boxes).toEqual([7, 8]);
  });

  it('does not count the space outside the walls as floor', () => {
    const level = parseLevel(['  ####', '###@.#', '#  $ #', '######'].join('\n'));
    expect(level.inside[0]).toBe(false);
    expect(level.inside[13]).toBe(true);
  });

  it('rejects a level it cannot play', () => {
    expect(() => parseLevel('#@ #')).toThrow(/Invalid level/);
  });
});

describe('validateLevel', () => {
  it('accepts a well-formed level', () => {
    expect(validateLevel(TINY)).toEqual([]);
  });

  it('reports two players', () => {
    expect(validateLevel(['######', '#@@$.#', '######'].join('\n'))).toContain(
      'expected one player, found 2',
    );
  });

  it('reports more boxes than goals', () => {
    expect(validateLevel(['######', '#@$$.#', '######'].join('\n'))).toContain('2 boxes but 1 goals');
  });

  it('reports walls that leave a gap to the outside', () => {
    expect(validateLevel(['#####', '#@$. ', '#####'].join('\n'))).toContain(
      'walls are not closed around the player',
    );
  });

  it('accepts a box already on its goal in a walled-off corner, and nothing else the keeper cannot reach', () => {
    expect(validateLevel(['#######', '#@$.#*#', '#######'].join('\n'))).toEqual([]);
    expect(validateLevel(['#######', '#@$.#$#', '#######'].join('\n'))).toContain(
      'a box lies outside the walls',
    );
    expect(validateLevel(['########', '#@$$.#.#', '########'].join('\n'))).toContain(
      'a goal lies outside the walls',
    );
  });

  it('reports unknown characters', () => {
    expect(validateLevel(['######', '#@$.x#', '######'].join('\n'))).toEqual(['unknown characters: x']);
  });
});

describe('shipped levels', () => {
  it('ships at least 30 Microban levels with distinct numbers', () => {
    expect(LEVELS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LEVELS.map((level) => level.id)).size).toBe(LEVELS.length);
  });

  it.each(LEVELS.map((level) => [level.id, level] as const))(
    'level %i has one player, as many boxes as goals, and closed walls',
    (_id, level) => {
      expect(validateLevel(levelXsb(level))).toEqual([]);
    },
  );

  it('credits David W. Skinner for the Microban levels', () => {
    expect(LEVEL_CREDIT).toContain('Microban');
    expect(LEVEL_CREDIT).toContain('David W. Skinner');
  });
});
