import type { FileNode as FileNodeDto } from '@site/contract';
import type { FileNode } from '../../db/generated/client.ts';

/** The columns a node's answer needs: listings select only these. */
export const listedColumns = { id: true, parentId: true, name: true, size: true, isDirectory: true } as const;

type ListedNode = Pick<FileNode, keyof typeof listedColumns>;

/** A node as the contract shows it. */
export function presentNode(node: ListedNode): FileNodeDto {
  return {
    nodeId: node.id,
    parentId: node.parentId,
    name: node.name,
    size: Number(node.size),
    isDirectory: node.isDirectory,
  };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Folders first, then by name (case-insensitive, numbers in natural order). Sorted here rather than in SQL, so
 * PGlite and PostgreSQL (whose collations differ) answer in the same order.
 */
export function sortNodes(nodes: ListedNode[]): FileNodeDto[] {
  return [...nodes]
    .sort(
      (a, b) =>
        Number(b.isDirectory) - Number(a.isDirectory) ||
        collator.compare(a.name, b.name) ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .map(presentNode);
}
