import type { FileNode } from '@site/contract';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatSize } from '../../shared/format.ts';

/**
 * Asks once before deleting one node or many: a folder goes with everything in it, to the Trash, where it can be
 * restored. `onConfirm` shows its own failure on the page, so the dialog closes either way.
 */
export function DeleteDialog({
  nodes,
  onConfirm,
  onClose,
}: {
  /** What to delete (none: the dialog is closed). */
  nodes: FileNode[];
  onConfirm: (nodes: FileNode[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const [only] = nodes;
  const size = formatSize(nodes.reduce((sum, n) => sum + n.size, 0));
  const title =
    nodes.length === 1 ? `Delete ${only?.isDirectory ? 'folder' : 'file'}?` : `Delete ${nodes.length} items?`;
  const description =
    nodes.length !== 1
      ? `${nodes.length} items (${size}) will be moved to the Trash, where you can restore them.`
      : only?.isDirectory
        ? `"${only.name}" and everything in it (${size}) will be moved to the Trash, where you can restore it.`
        : `"${only?.name ?? ''}" (${size}) will be moved to the Trash, where you can restore it.`;

  return (
    <ConfirmDialog
      open={nodes.length > 0}
      title={title}
      description={description}
      confirmLabel="Delete"
      action="delete it"
      onConfirm={() => onConfirm(nodes)}
      onClose={onClose}
    />
  );
}
