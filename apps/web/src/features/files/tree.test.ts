import { describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { canDrop, initialSort, placesTo, sortedBy, subtreeOf, type NodeIndex } from './tree.ts';

const node = (nodeId: string, parentId: string | null, isDirectory = true): FileNode => ({
  nodeId,
  parentId,
  name: nodeId,
  size: 1,
  isDirectory,
});

/** docs > work > plan.txt; docs > note.txt; photos */
const nodes: NodeIndex = Object.fromEntries(
  [
    node('docs', null),
    node('work', 'docs'),
    node('plan.txt', 'work', false),
    node('note.txt', 'docs', false),
    node('photos', null),
  ].map((n) => [n.nodeId, n]),
);

describe('where a dragged node may go', () => {
  it('ignores a drop onto itself, onto a file, into its own subtree, or where it is', () => {
    for (const [nodeId, target] of [
      ['work', 'work'],
      ['note.txt', 'plan.txt'],
      ['docs', 'work'],
      ['plan.txt', 'work'],
      ['docs', null],
    ] as const)
      expect(canDrop(nodes, nodeId, target)).toBe(false);
  });

  it('moves into another folder or to the top level', () => {
    expect(canDrop(nodes, 'plan.txt', 'photos')).toBe(true);
    expect(canDrop(nodes, 'work', null)).toBe(true);
    expect(canDrop(nodes, 'note.txt', 'work')).toBe(true);
  });
});

describe('the folders around a node', () => {
  it('names the known folders from the top level down to a folder', () => {
    expect(placesTo(nodes, 'work')).toEqual([
      { nodeId: 'docs', name: 'docs' },
      { nodeId: 'work', name: 'work' },
    ]);
    expect(placesTo(nodes, null)).toEqual([]);
  });

  it('finds a folder with everything known under it', () => {
    expect([...subtreeOf(nodes, 'docs')].sort()).toEqual(['docs', 'note.txt', 'plan.txt', 'work']);
    expect([...subtreeOf(nodes, 'photos')]).toEqual(['photos']);
  });
});

describe('sorting', () => {
  it('starts by Name ascending; the active column flips, another column starts ascending', () => {
    expect(initialSort).toEqual({ column: 'Name', order: 'Asc' });
    const flipped = sortedBy(initialSort, 'Name');
    expect(flipped).toEqual({ column: 'Name', order: 'Desc' });
    const bySize = sortedBy(flipped, 'Size');
    expect(bySize).toEqual({ column: 'Size', order: 'Asc' });
    expect(sortedBy(bySize, 'Size')).toEqual({ column: 'Size', order: 'Desc' });
  });
});
