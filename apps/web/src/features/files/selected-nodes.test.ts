import { describe, expect, it } from 'vitest';
import type { FileNode } from '@site/contract';
import { topmostNodes } from './selected-nodes.ts';

const node = (nodeId: string, parentId: string | null, isDirectory = true): FileNode => ({
  nodeId,
  parentId,
  name: nodeId,
  size: 1,
  isDirectory,
});

describe('the nodes a selection acts on', () => {
  // docs > work > plan.txt; docs > note.txt; photos
  const nodes = Object.fromEntries(
    [
      node('docs', null),
      node('work', 'docs'),
      node('plan.txt', 'work', false),
      node('note.txt', 'docs', false),
      node('photos', null),
    ].map((n) => [n.nodeId, n]),
  );

  it('leaves out what a selected folder holds, however deep', () => {
    const ids = ['docs', 'plan.txt', 'note.txt', 'photos'];
    expect(topmostNodes(nodes, ids).map((n) => n.nodeId)).toEqual(['docs', 'photos']);
  });

  it('keeps nodes side by side and skips ids no longer loaded', () => {
    const ids = ['plan.txt', 'note.txt', 'gone'];
    expect(topmostNodes(nodes, ids).map((n) => n.nodeId)).toEqual(['plan.txt', 'note.txt']);
  });
});
