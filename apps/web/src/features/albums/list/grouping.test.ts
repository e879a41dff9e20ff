import { describe, expect, it } from 'vitest';
import { groupAlbums, parseGroupingMode, periodOf, withGroupFor } from './grouping.ts';

// Local-time constructors, so the tests hold in any time zone the machine runs in.
const at = (year: number, month: number, day = 15) => new Date(year, month - 1, day, 12).toISOString();
const albums = [
  { name: 'Spring', createdAt: at(2024, 3), rank: 2 },
  { name: 'Winter', createdAt: at(2023, 12), rank: 0 },
  { name: 'March too', createdAt: at(2024, 3, 2), rank: 3 },
  { name: 'Summer', createdAt: at(2024, 7), rank: 1 },
];
const names = (items: { name: string }[]) => items.map((a) => a.name);

describe('album list grouping', () => {
  it('mode 1 keeps one unlabelled group in the owner order', () => {
    const groups = groupAlbums(albums, 1);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBeNull();
    expect(names(groups[0]!.items)).toEqual(['Winter', 'Summer', 'Spring', 'March too']);
  });

  it('mode 2 groups by creation year, newest year first, owner order inside', () => {
    const groups = groupAlbums(albums, 2);
    expect(groups.map((g) => g.label)).toEqual(['2024', '2023']);
    expect(names(groups[0]!.items)).toEqual(['Summer', 'Spring', 'March too']);
    expect(names(groups[1]!.items)).toEqual(['Winter']);
  });

  it('mode 3 groups by month, newest first, labelled like "March, 2024"', () => {
    const groups = groupAlbums(albums, 3);
    expect(groups.map((g) => g.label)).toEqual(['July, 2024', 'March, 2024', 'December, 2023']);
    expect(names(groups[1]!.items)).toEqual(['Spring', 'March too']);
  });

  it('orders month groups across years by date, not alphabetically', () => {
    const groups = groupAlbums(
      [
        { createdAt: at(2023, 10), rank: 0 },
        { createdAt: at(2024, 2), rank: 1 },
      ],
      3,
    );
    expect(groups.map((g) => g.label)).toEqual(['February, 2024', 'October, 2023']);
  });

  it('gives no groups for no albums', () => {
    expect(groupAlbums([], 2)).toEqual([]);
  });
});

describe('where the New Photo Album tile goes', () => {
  it('joins the group of the current period when it exists', () => {
    const groups = groupAlbums(albums, 2);
    const placed = withGroupFor(groups, 2, new Date(2024, 9, 1));
    expect(placed.key).toBe('2024');
    expect(placed.groups).toBe(groups);
  });

  it('adds an empty group for the current period at its place among the others', () => {
    const placed = withGroupFor(groupAlbums(albums, 3), 3, new Date(2024, 4, 20));
    expect(placed.groups.map((g) => g.label)).toEqual([
      'July, 2024',
      'May, 2024',
      'March, 2024',
      'December, 2023',
    ]);
    expect(placed.groups[1]!.items).toEqual([]);
    expect(placed.key).toBe(periodOf(new Date(2024, 4, 20), 3).key);
  });

  it('is the only group when there are no albums yet', () => {
    const placed = withGroupFor(groupAlbums([], 1), 1, new Date());
    expect(placed.groups).toHaveLength(1);
    expect(placed.groups[0]!.label).toBeNull();
  });
});

describe('stored grouping mode', () => {
  it('reads 1, 2 and 3 and falls back to 1', () => {
    expect(parseGroupingMode('2')).toBe(2);
    expect(parseGroupingMode('3')).toBe(3);
    expect(parseGroupingMode('1')).toBe(1);
    expect(parseGroupingMode(null)).toBe(1);
    expect(parseGroupingMode('7')).toBe(1);
  });
});
