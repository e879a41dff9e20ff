import { useState } from 'react';
import type { FileNode } from '@site/contract';
import { Dialog } from '../../ui/Dialog.tsx';
import { formatSize } from '../../shared/format.ts';

/**
 * Asks before deleting: a folder goes with everything in it, to the Trash, where it can be restored. `onConfirm`
 * answers whether the delete happened.
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
  const [busy, setBusy] = useState(false);
  const what = node?.isDirectory ? 'folder' : 'file';
  const description = node?.isDirectory
    ? `"${node.name}" and everything in it (${formatSize(node.size)}) will be moved to the Trash, where you can restore it.`
    : `"${node?.name ?? ''}" (${formatSize(node?.size ?? 0)}) will be moved to the Trash, where you can restore it.`;

  const confirm = async () => {
    if (!node) return;
    setBusy(true);
    await onConfirm(node);
    setBusy(false);
    onClose();
  };

  return (
    <Dialog
      open={node !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Delete ${what}?`}
      description={description}
    >
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
          Delete
        </button>
      </div>
    </Dialog>
  );
}
