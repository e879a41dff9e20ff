// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { loadKeptMoves, movesOf, parseKeptMoves, replayMoves, saveKeptMoves } from './kept-moves.ts';
import { initialState, isSolved, move, parseLevel, undo, type Direction } from './logic.ts';

// ########
// #@ $  .#
// #  ##  #
// ########
const LEVEL = parseLevel(['########', '#@ $  .#', '#  ##  #', '########'].join('\n'));
const play = (dirs: readonly Direction[]) => dirs.reduce(move, initialState(LEVEL));

describe('the moves kept across a reload', () => {
  it('writes walks in lower case and pushes in capitals, and replays to the same position', () => {
    const state = play(['down', 'up', 'right', 'right', 'right']);
    expect(movesOf(state)).toBe('durRR');
    const replayed = replayMoves(LEVEL, 'durRR');
    expect(replayed?.player).toBe(state.player);
    expect([...(replayed?.boxes ?? [])]).toEqual([...state.boxes]);
    expect([replayed?.moves, replayed?.pushes]).toEqual([5, 2]);
    expect(undo(replayed ?? state).moves).toBe(4);
  });

  it('leaves out undone and blocked steps', () => {
    const state = undo(play(['right', 'up', 'right', 'right']));
    expect(movesOf(state)).toBe('rR');
  });

  it('is empty at the start of a level', () => {
    expect(movesOf(initialState(LEVEL))).toBe('');
  });

  it('refuses moves that do not fit the level rather than playing part of them', () => {
    expect(replayMoves(LEVEL, 'u')).toBeNull();
    expect(replayMoves(LEVEL, 'rr')).toBeNull();
    expect(replayMoves(LEVEL, 'R')).toBeNull();
    expect(replayMoves(LEVEL, 'rx')).toBeNull();
    expect(isSolved(replayMoves(LEVEL, 'rRRR') ?? initialState(LEVEL))).toBe(true);
  });

  it('reads back only records it wrote', () => {
    expect(parseKeptMoves('{"level":3,"moves":"rRu"}')).toEqual({ level: 3, moves: 'rRu' });
    for (const bad of [
      null,
      '',
      'x',
      '[]',
      '{"level":0,"moves":"r"}',
      '{"level":2.5,"moves":"r"}',
      '{"level":3,"moves":"rx"}',
    ]) {
      expect(parseKeptMoves(bad)).toBeNull();
    }
  });
});

describe('kept moves in storage', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps a level’s moves and forgets them when there are none left to keep', () => {
    saveKeptMoves({ level: 7, moves: 'rRd' });
    expect(loadKeptMoves()).toEqual({ level: 7, moves: 'rRd' });
    saveKeptMoves({ level: 7, moves: '' });
    expect(loadKeptMoves()).toBeNull();
    saveKeptMoves({ level: 7, moves: 'r' });
    saveKeptMoves(null);
    expect(loadKeptMoves()).toBeNull();
  });
});
