import { useState, type FormEvent } from 'react';
import type { Shares } from '@site/contract';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { failureText } from '../../api/messages.ts';
import { emailShapeProblem, isEmailShape, normalizeEmail } from './email-shape.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useShareAlbum } from './api/share-album.ts';

/** 'Share with': one e-mail address (trimmed, shape-checked), Share or Cancel. */
export function ShareWithDialog(props: {
  photoAlbumId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShared: (shares: Shares) => void;
}) {
  const { photoAlbumId, open, onOpenChange, onShared } = props;
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = isEmailShape(email);
  const problem = emailShapeProblem(email);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setEmail('');
      setError(null);
    }
    onOpenChange(next);
  };

  const shareAlbum = useShareAlbum();
  const share = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setError(null);
    try {
      const shares = await shareAlbum.mutateAsync({ photoAlbumId, emailAddress: normalizeEmail(email) });
      onShared(shares);
      setBusy(false);
      setEmail('');
      onOpenChange(false);
    } catch (err) {
      setError(failureText('share the album', err));
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Share with">
      <form className="stack" onSubmit={(e) => void share(e)} noValidate>
        <Field
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          autoFocus
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem !== null}
          // Share stays disabled until the address has its shape; what is wrong shows once something is typed.
          hint={problem && <span className="error-text">{problem}</span>}
        />
        {error && <ErrorText>{error}</ErrorText>}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => close(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
            Share
          </button>
        </div>
      </form>
    </Dialog>
  );
}
