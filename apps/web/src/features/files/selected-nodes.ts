import type { FileNode } from '@site/contract';
import { chainOf, type NodeIndex } from './tree.ts';

/**
 * The nodes of `ids` that no other of them holds: a folder selected with things inside it is moved or deleted with
 * them, so acting on those too would act twice.
 */
export function topmostNodes(nodes: NodeIndex, ids: readonly string[]): FileNode[] {
  const chosen = new Set(ids);
  return ids.flatMap((id) => {
    const node = nodes[id];
    if (!node || chainOf(nodes, node.parentId).some((above) => chosen.has(above))) return [];
    return [node];
  });
}
