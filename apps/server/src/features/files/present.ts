import type { FileNode as FileNodeDto } from '@site/contract';
import type { FileNode } from '../../db/generated/client.ts';

/** A node as the contract shows it. */
export function presentNode(node: FileNode): FileNodeDto {
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
export function sortNodes(nodes: FileNode[]): FileNodeDto[] {
  return [...nodes]
    .sort(
      (a, b) =>
        Number(b.isDirectory) - Number(a.isDirectory) ||
        collator.compare(a.name, b.name) ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .map(presentNode);
}
