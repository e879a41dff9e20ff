import { useId, useState, type FormEvent } from 'react';
import type { ShareRole, ShareRoles, Shares } from '@site/contract';
import { Dialog } from '../../ui/Dialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { failureText } from '../../api/messages.ts';
import { emailShapeProblem, isEmailShape, normalizeEmail } from './email-shape.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useShareAlbum } from './api/share-album.ts';
import { shareRoleLabels } from './share-roles.ts';

/** 'Share with': one e-mail address (trimmed, shape-checked) and what it may do (Viewer first), Share or Cancel. */
export function ShareWithDialog(props: {
  photoAlbumId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShared: (shares: Shares, share: ShareRoles[number]) => void;
}) {
  const { photoAlbumId, open, onOpenChange, onShared } = props;
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
  const roleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = isEmailShape(email);
  const problem = emailShapeProblem(email);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setEmail('');
      setRole('viewer');
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
      const emailAddress = normalizeEmail(email);
      const shares = await shareAlbum.mutateAsync({ photoAlbumId, emailAddress, role });
      onShared(shares, { emailAddress, role });
      setBusy(false);
      setEmail('');
      setRole('viewer');
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
        <div className="field">
          <label htmlFor={roleId}>Role</label>
          <select
            id={roleId}
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as ShareRole)}
          >
            {(Object.keys(shareRoleLabels) as ShareRole[]).map((r) => (
              <option key={r} value={r}>
                {shareRoleLabels[r]}
              </option>
            ))}
          </select>
        </div>
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
