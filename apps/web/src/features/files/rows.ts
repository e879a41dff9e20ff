import type { FileNode } from '@site/contract';
import type { TreeState } from './tree.ts';

/** One line of the table: a node, how deep it sits (roots are 0), and whether it is an open folder. */
export interface Row {
  node: FileNode;
  depth: number;
  isOpen: boolean;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * By the sort column in its order; ties fall back to the name, ascending. By name, folders come first, as on a
 * desktop; by size, folders and files mix, because the question asked is "what takes the room" and a folder's
 * size is all it holds.
 */
export function compareNodes(sort: TreeState['sort']): (a: FileNode, b: FileNode) => number {
  const sign = sort.order === 'Asc' ? 1 : -1;
  const bySize = sort.column === 'Size';
  return (a, b) =>
    (bySize ? 0 : Number(b.isDirectory) - Number(a.isDirectory)) ||
    sign * (bySize ? a.size - b.size : collator.compare(a.name, b.name)) ||
    collator.compare(a.name, b.name) ||
    a.nodeId.localeCompare(b.nodeId);
}

/** The rows to show: the roots sorted, each open folder followed by its own children, sorted the same way. */
export function visibleRows(state: TreeState): Row[] {
  const childrenOf = new Map<string | null, FileNode[]>();
  for (const node of Object.values(state.nodes)) {
    const siblings = childrenOf.get(node.parentId) ?? [];
    siblings.push(node);
    childrenOf.set(node.parentId, siblings);
  }
  const compare = compareNodes(state.sort);
  const rows: Row[] = [];
  const visit = (parentId: string | null, depth: number) => {
    for (const node of (childrenOf.get(parentId) ?? []).sort(compare)) {
      const isOpen = node.isDirectory && state.open.has(node.nodeId);
      rows.push({ node, depth, isOpen });
      if (isOpen) visit(node.nodeId, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}
