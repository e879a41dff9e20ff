import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureText } from '../../../api/messages.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useCreateAlbum } from '../api/create-album.ts';

/** Spec: the name an album gets when the owner gives none. */
const defaultAlbumName = 'New album';

/**
 * 'New photo album': asks for the name (left empty, the spec's default), creates the album on Enter or Create and
 * opens it; Escape or Cancel creates nothing.
 */
export function NewAlbumDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const createAlbum = useCreateAlbum();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setName('');
      setError(null);
    }
    onOpenChange(next);
  };

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const album = await createAlbum.mutateAsync(name.trim() || defaultAlbumName);
      void navigate(`/albums/${album.photoAlbumId}`);
    } catch (err) {
      setError(failureText('create the album', err));
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title="New photo album">
      <form className="stack" onSubmit={(e) => void create(e)} noValidate>
        <Field
          label="Album name"
          value={name}
          placeholder={defaultAlbumName}
          maxLength={200}
          autoComplete="off"
          autoFocus
          onChange={(e) => setName(e.target.value)}
        />
        {error && <ErrorText>{error}</ErrorText>}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => close(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? <Spinner label="Creating album" /> : 'Create'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
