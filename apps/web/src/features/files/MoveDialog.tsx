import { useId, useState, type FormEvent } from 'react';
import type { FileNode } from '@site/contract';
import { Dialog } from '../../ui/Dialog.tsx';
import type { MoveTarget } from './tree.ts';
import styles from './files.module.css';

/**
 * Moves a node without dragging: the places it can go are a radio list (arrow keys choose), so moving works from
 * the keyboard and on screens where a long press is awkward. `onMove` answers once the server has moved it.
 */
export function MoveDialog({
  node,
  targets,
  onMove,
  onClose,
}: {
  node: FileNode | null;
  targets: MoveTarget[];
  onMove: (node: FileNode, parentId: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const [choice, setChoice] = useState<MoveTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();

  const close = () => {
    setChoice(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!node || !choice) return;
    setBusy(true);
    await onMove(node, choice.id);
    setBusy(false);
    close();
  };

  return (
    <Dialog
      open={node !== null}
      onOpenChange={(open) => !open && !busy && close()}
      title={`Move "${node?.name ?? ''}" to…`}
    >
      <form onSubmit={(event) => void submit(event)}>
        {targets.length === 0 ? (
          <p className="muted">There is no other folder to move it to yet.</p>
        ) : (
          <fieldset className={styles.targets}>
            <legend className="muted">
              Subfolders show here once their folder has been opened in the list.
            </legend>
            {targets.map((target) => (
              <label key={target.id ?? 'top'} className={styles.target}>
                <input
                  type="radio"
                  name={name}
                  checked={choice?.id === target.id}
                  onChange={() => setChoice(target)}
                />
                <span>{target.path}</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy || !choice}>
            Move
          </button>
        </div>
      </form>
    </Dialog>
  );
}
