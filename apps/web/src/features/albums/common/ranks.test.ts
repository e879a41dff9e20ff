import { describe, expect, it } from 'vitest';
import { byRank, moveToRank, placeholderRank, withoutRanked } from './ranks.ts';

const tiles = ['a', 'b', 'c', 'd', 'e'].map((id, rank) => ({ id, rank }));
const order = (items: { id: string }[]) => items.map((i) => i.id).join('');
const move = (id: string, to: number) => moveToRank(tiles, (t) => t.id, id, to);

describe('moving a tile to another rank', () => {
  it('moving forward takes the target rank and shifts the ones between back by one', () => {
    const moved = move('b', 3);
    expect(order(moved)).toBe('acdbe');
    expect(moved.map((t) => t.rank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('moving backward shifts the ones between forward by one', () => {
    const moved = move('e', 1);
    expect(order(moved)).toBe('aebcd');
    expect(moved.map((t) => t.rank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves tiles outside the moved range untouched (same objects)', () => {
    const moved = move('b', 3);
    expect(moved.find((t) => t.id === 'a')).toBe(tiles[0]);
    expect(moved.find((t) => t.id === 'e')).toBe(tiles[4]);
  });

  it('changes nothing when dropped on its own rank or when the id is unknown', () => {
    expect(order(move('c', 2))).toBe('abcde');
    expect(order(move('zz', 0))).toBe('abcde');
  });

  it('does not change the input list', () => {
    move('a', 4);
    expect(order(tiles)).toBe('abcde');
    expect(tiles.map((t) => t.rank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps ranks dense over a run of moves, as a drag across several tiles does', () => {
    let items = tiles;
    for (const to of [1, 2, 3, 4]) items = moveToRank(items, (t) => t.id, 'a', to);
    expect(order(items)).toBe('bcdea');
    expect(items.map((t) => t.rank)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('placeholder tile', () => {
  it('sorts after any album', () => {
    const sorted = byRank([{ id: 'new', rank: placeholderRank }, ...tiles]);
    expect(sorted.at(-1)!.id).toBe('new');
  });
});

describe('removing items', () => {
  const item = (id: string, rank: number) => ({ id, rank });

  it('closes the gaps as the server does, keeping the order the list was in', () => {
    // Ordered by date, not by rank.
    const items = [item('c', 2), item('a', 0), item('e', 4), item('b', 1), item('d', 3)];
    const gone = new Set(['a', 'd']);
    expect(withoutRanked(items, (i) => gone.has(i.id))).toEqual([item('c', 1), item('e', 2), item('b', 0)]);
  });

  it('leaves the items ranked before every removed one as they were', () => {
    const items = [item('a', 0), item('b', 1), item('c', 2)];
    const left = withoutRanked(items, (i) => i.id === 'c');
    expect(left[0]).toBe(items[0]);
    expect(left).toEqual([item('a', 0), item('b', 1)]);
  });
});
