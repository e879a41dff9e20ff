import { useState, type ReactNode } from 'react';
import { failureText } from '../api/messages.ts';
import { Dialog } from './Dialog.tsx';
import { ErrorText } from './ErrorText.tsx';

/**
 * Asks before a destructive step. `onConfirm` does it; the dialog closes when it succeeds and stays open with the
 * reason ("Could not `action`…") when it throws. Nothing closes it while the step is under way, so it cannot run
 * twice.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  action,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  /** The danger button's name, e.g. 'Delete forever'. */
  confirmLabel: string;
  /** What failed, for the error line: 'delete the image'. */
  action: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** More to say between the description and the buttons. */
  children?: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A reopened dialog must not show the reason an earlier attempt failed.
  const close = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(failureText(action, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !busy && close()}
      title={title}
      description={description}
    >
      {children}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
