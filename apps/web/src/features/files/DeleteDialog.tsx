import type { FileNode } from '@site/contract';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatSize } from '../../shared/format.ts';

/**
 * Asks before deleting: a folder goes with everything in it, to the Trash, where it can be restored. `onConfirm`
 * shows its own failure on the page, so the dialog closes either way.
 */
export function DeleteDialog({
  node,
  onConfirm,
  onClose,
}: {
  node: FileNode | null;
  onConfirm: (node: FileNode) => Promise<boolean>;
  onClose: () => void;
}) {
  const description = node?.isDirectory
    ? `"${node.name}" and everything in it (${formatSize(node.size)}) will be moved to the Trash, where you can restore it.`
    : `"${node?.name ?? ''}" (${formatSize(node?.size ?? 0)}) will be moved to the Trash, where you can restore it.`;

  return (
    <ConfirmDialog
      open={node !== null}
      title={`Delete ${node?.isDirectory ? 'folder' : 'file'}?`}
      description={description}
      confirmLabel="Delete"
      action="delete it"
      onConfirm={async () => node && (await onConfirm(node))}
      onClose={onClose}
    />
  );
}
