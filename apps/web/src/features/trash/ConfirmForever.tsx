import { useState } from 'react';
import { failureText } from '../../api/messages.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** Asks before deleting for good; stays open with the reason when that fails. */
export function ConfirmForever({
  open,
  title,
  description,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (e) {
      setError(failureText('delete it', e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) {
          setError(null);
          onClose();
        }
      }}
      title={title}
      description={description}
    >
      {error && <ErrorText>{error}</ErrorText>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
          Delete forever
        </button>
      </div>
    </Dialog>
  );
}
