import { describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { nameKey, sortedNodes, visibleRows } from './rows.ts';
import { initialSort, sortedBy, type Sort } from './tree.ts';

const node = (nodeId: string, parentId: string | null, size: number, isDirectory = false): FileNode => ({
  nodeId,
  parentId,
  name: nodeId,
  size,
  isDirectory,
});
/** The table's rows with the top level and alpha read, `open` open. */
const rowsOf = (open: string[], sort: Sort = initialSort) =>
  visibleRows(
    (id) => (id === null ? roots : id === 'alpha' ? alphaChildren : undefined),
    new Set(open),
    sort,
  );
const names = (open: string[], sort?: Sort) =>
  rowsOf(open, sort).map((r) => `${'  '.repeat(r.depth)}${r.node.name}`);

const roots = [
  node('b.txt', null, 1),
  node('Zeta', null, 5, true),
  node('alpha', null, 30, true),
  node('A.txt', null, 300),
];
const alphaChildren = [
  node('file 10', 'alpha', 20),
  node('file 9', 'alpha', 10),
  node('inner', 'alpha', 0, true),
];

describe('visible rows', () => {
  it('lists folders first, then by name ascending, case-insensitive and in natural number order', () => {
    expect(names(['alpha'])).toEqual(['alpha', '  inner', '  file 9', '  file 10', 'Zeta', 'A.txt', 'b.txt']);
    expect(rowsOf(['alpha']).map((r) => r.depth)).toEqual([0, 1, 1, 1, 0, 0, 0]);
    expect(rowsOf(['alpha'])[0]?.isOpen).toBe(true);
  });

  it('sorts by size with folders and files mixed, flips the order, the children of each folder the same way', () => {
    const bySize = sortedBy(initialSort, 'Size');
    expect(names(['alpha'], bySize)).toEqual([
      'b.txt',
      'Zeta',
      'alpha',
      '  inner',
      '  file 9',
      '  file 10',
      'A.txt',
    ]);
    expect(names(['alpha'], sortedBy(bySize, 'Size'))).toEqual([
      'A.txt',
      'alpha',
      '  file 10',
      '  file 9',
      '  inner',
      'Zeta',
      'b.txt',
    ]);
    expect(names([], sortedBy(initialSort, 'Name'))).toEqual(['Zeta', 'alpha', 'b.txt', 'A.txt']);
  });

  it('hides the children of a closed folder', () => {
    expect(names([])).toEqual(['alpha', 'Zeta', 'A.txt', 'b.txt']);
    expect(rowsOf([])[0]?.isOpen).toBe(false);
  });

  it('shows an open folder whose first page has not come yet with nothing under it', () => {
    expect(names(['Zeta'])).toEqual(['alpha', 'Zeta', 'A.txt', 'b.txt']);
    expect(rowsOf(['Zeta'])[1]?.isOpen).toBe(true);
  });
});

describe('the name order', () => {
  it('folds case and accents and reads digits as numbers, without Intl.Collator', () => {
    const sorted = (...names: string[]) =>
      sortedNodes(
        names.map((n) => node(n, null, 0)),
        { column: 'Name', order: 'Asc' },
      ).map((n) => n.name);
    expect(
      sorted('file 10', 'File 9', 'file 009b', 'Éclair', 'eclairs', 'apple', 'Zebra', '2024', '10 x'),
    ).toEqual(['10 x', '2024', 'apple', 'Éclair', 'eclairs', 'File 9', 'file 009b', 'file 10', 'Zebra']);
    expect(nameKey('Report 007')).toBe(nameKey('report 7'));
    expect(sorted('Report 007', 'report 7')).toEqual(['Report 007', 'report 7']);
  });

  it('sorts 30,000 names in well under a second', () => {
    const many = Array.from({ length: 30_000 }, (_, i) => node(`report ${(i * 7919) % 30_000}.pdf`, 'f', 1));
    const started = performance.now();
    const names = sortedNodes(many, { column: 'Name', order: 'Asc' }).map((n) => n.name);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(names.slice(0, 3)).toEqual(['report 0.pdf', 'report 1.pdf', 'report 2.pdf']);
    expect(names.at(-1)).toBe('report 29999.pdf');
  });
});
