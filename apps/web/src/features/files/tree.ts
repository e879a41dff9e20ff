import type { FileNode } from '@site/contract';

/** The nodes the screen has read, by id. */
export type NodeIndex = Readonly<Record<string, FileNode>>;

/** The column the table is sorted by. */
export type SortColumn = 'Name' | 'Size';

/** Ascending or descending. */
export type SortOrder = 'Asc' | 'Desc';

/** How the table is sorted. */
export interface Sort {
  column: SortColumn;
  order: SortOrder;
}

/** By Name ascending, as the screen opens. */
export const initialSort: Sort = { column: 'Name', order: 'Asc' };

/** A column header was clicked: the active column flips its order, another one becomes active, ascending. */
export function sortedBy(sort: Sort, column: SortColumn): Sort {
  if (sort.column !== column) return { column, order: 'Asc' };
  return { column, order: sort.order === 'Asc' ? 'Desc' : 'Asc' };
}

/** The ids of `folderId` and the folders above it that are known, nearest first. */
export function chainOf(nodes: NodeIndex, folderId: string | null): string[] {
  const chain: string[] = [];
  let node = folderId === null ? undefined : nodes[folderId];
  while (node && !chain.includes(node.nodeId)) {
    chain.push(node.nodeId);
    node = node.parentId === null ? undefined : nodes[node.parentId];
  }
  return chain;
}

/** `nodeId` and every known node under it. */
export function subtreeOf(nodes: NodeIndex, nodeId: string): Set<string> {
  const found = new Set([nodeId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of Object.values(nodes)) {
      if (node.parentId !== null && found.has(node.parentId) && !found.has(node.nodeId)) {
        found.add(node.nodeId);
        grew = true;
      }
    }
  }
  return found;
}

/**
 * Whether dropping `nodeId` on `targetId` (null: the roots) means a move: not onto itself, not onto a file, not
 * into its own subtree, and not where it already is. Every other drop is ignored.
 */
export function canDrop(nodes: NodeIndex, nodeId: string, targetId: string | null): boolean {
  const node = nodes[nodeId];
  if (!node || node.parentId === targetId) return false;
  if (targetId === null) return true;
  const target = nodes[targetId];
  return !!target && target.isDirectory && !chainOf(nodes, targetId).includes(nodeId);
}

/** A folder on the way down from the top level, as the Move to… dialog shows it. */
export interface Place {
  nodeId: string;
  name: string;
}

/** The known folders from the top level down to `folderId` (none for the top level itself). */
export function placesTo(nodes: NodeIndex, folderId: string | null): Place[] {
  return chainOf(nodes, folderId)
    .reverse()
    .flatMap((id) => {
      const node = nodes[id];
      return node ? [{ nodeId: id, name: node.name }] : [];
    });
}
