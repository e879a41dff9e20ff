import type { SecurityState } from '@site/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { usePasskeys } from '../api/passkeys.ts';
import { MailboxProof } from '../security/MailboxProof.tsx';
import { OnlyAdminNotice } from './OnlyAdminNotice.tsx';
import { PasskeyProofButton } from '../security/PasskeyProofButton.tsx';
import { refusalText } from '../security/refusal.ts';

/**
 * "Delete my account", confirmed by one of the member's passkeys or by the current password (or, for an account
 * without one, by a fresh sign-in link from the mailbox), after saying plainly what goes with it. The site's only
 * admin is told why they cannot, instead.
 */
export function DeleteAccountForm({ state }: { state: SecurityState }) {
  const remove = useDeleteAccount();
  const passkeys = usePasskeys();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  const mailboxProven = !state.hasPassword && state.mailboxProofUntil !== null;
  if (state.onlyAdmin) return <OnlyAdminNotice />;
  if (!state.hasPassword && !mailboxProven && !hasPasskey) {
    return <MailboxProof action="delete your account" />;
  }

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(null);
  };
  const callbacks = {
    onSuccess: () => void navigate('/', { state: { accountDeleted: true } }),
    onError: (e: unknown) => setError(refusalText(e, 'Your account could not be deleted. Please try again.')),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    remove.mutate(state.hasPassword ? { currentPassword: password } : {}, callbacks);
  };

  if (!open) {
    return (
      <div>
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete my account…
        </button>
      </div>
    );
  }
  const busy = remove.isPending;
  const byForm = state.hasPassword || mailboxProven;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Delete my account">
      <p>
        This deletes your albums and photos, your files, your comments and everything in your trash, for good.
        People you shared albums with will no longer see them. You will be signed out everywhere.
      </p>
      <p className="muted">You may want to export your data first. This cannot be undone.</p>
      {state.hasPassword && (
        <Field
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {error && <ErrorText>{error}</ErrorText>}
      <div className="row">
        {byForm && (
          <button
            type="submit"
            className="btn btn-danger"
            disabled={busy || (state.hasPassword && !password)}
          >
            Delete my account for good
          </button>
        )}
        {hasPasskey && (
          <PasskeyProofButton
            className="btn btn-danger"
            disabled={busy}
            onProof={(passkey) => (setError(null), remove.mutate({ passkey }, callbacks))}
            onFailure={setError}
          >
            Confirm with a passkey and delete
          </PasskeyProofButton>
        )}
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
