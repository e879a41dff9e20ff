import { useState } from 'react';
import { Dialog } from '../../ui/Dialog.tsx';
import { failureText } from '../../api/messages.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/**
 * The delete confirmation (spec: a title such as 'DELETE photo album', 'Are you Sure?', Delete or Cancel), with a
 * line saying it goes to the Trash.
 * `onConfirm` does the deletion; the dialog stays open with the reason if it fails.
 */
export function ConfirmDelete(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  what: string;
  onConfirm: () => Promise<void>;
}) {
  const { open, onOpenChange, title, what, onConfirm } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      setError(failureText(`delete the ${what}`, e));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) {
          setError(null);
          onOpenChange(next);
        }
      }}
      title={title}
      description="Are you Sure?"
    >
      <p className="muted">It goes to the Trash (in the account menu), where you can restore it.</p>
      {error && <ErrorText>{error}</ErrorText>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={() => onOpenChange(false)} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
          Delete
        </button>
      </div>
    </Dialog>
  );
}
