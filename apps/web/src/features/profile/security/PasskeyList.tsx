import type { PasskeyInfo, SecurityState } from '@site/contract';
import { useState, type FormEvent } from 'react';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useAddPasskey } from '../api/add-passkey.ts';
import { usePasskeys } from '../api/passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { useRenamePasskey } from '../api/rename-passkey.ts';
import styles from '../profile.module.css';
import { MailboxProof } from './MailboxProof.tsx';
import { PasskeyProofButton, type PasskeyAnswer } from './PasskeyProofButton.tsx';
import { ceremonyText } from '../../../api/ceremony.ts';
import { refusalText } from './refusal.ts';

const when = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** One passkey, renamed in place, removed after the current password or a passkey's confirmation. */
function PasskeyItem({ passkey, state }: { passkey: PasskeyInfo; state: SecurityState }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [name, setName] = useState(passkey.name);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => setProblem(refusalText(error, 'That did not work. Please try again.'));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (mode === 'rename') {
      rename.mutate(
        { passkeyId: passkey.passkeyId, name },
        { onSuccess: () => setMode('view'), onError: failed },
      );
    } else {
      const currentPassword = state.hasPassword ? password : undefined;
      remove.mutate({ passkeyId: passkey.passkeyId, currentPassword }, { onError: failed });
    }
  };

  return (
    <li className={styles.session}>
      {mode === 'view' ? (
        <>
          <div>
            <strong>{passkey.name}</strong>
            {passkey.backedUp && <span className={styles.badge}>Synced</span>}
            <div className="muted">
              Added {when(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : 'not used yet'}
            </div>
          </div>
          <div className="row">
            <button type="button" className="btn" onClick={() => setMode('rename')}>
              Rename
            </button>
            <button type="button" className="btn" onClick={() => setMode('remove')}>
              Remove
            </button>
          </div>
        </>
      ) : (
        <form
          className={`stack ${styles.grow}`}
          onSubmit={submit}
          noValidate
          aria-label={`${mode} ${passkey.name}`}
        >
          {mode === 'rename' ? (
            <Field label="Name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
          ) : state.hasPassword ? (
            <Field
              label={`Current password, to remove “${passkey.name}”`}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          ) : (
            <p>Remove “{passkey.name}”?</p>
          )}
          {problem && <ErrorText>{problem}</ErrorText>}
          <div className="row">
            {(mode === 'rename' || state.hasPassword || state.mailboxProofUntil !== null) && (
              <button
                type="submit"
                className="btn btn-primary"
                disabled={rename.isPending || remove.isPending}
              >
                {mode === 'rename' ? 'Save name' : 'Remove passkey'}
              </button>
            )}
            {mode === 'remove' && (
              <PasskeyProofButton
                disabled={remove.isPending}
                onProof={(proof) => (
                  setProblem(null),
                  remove.mutate({ passkeyId: passkey.passkeyId, passkey: proof }, { onError: failed })
                )}
                onFailure={setProblem}
              >
                Confirm with a passkey and remove
              </PasskeyProofButton>
            )}
            <button type="button" className="btn" onClick={() => (setMode('view'), setProblem(null))}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  );
}

/**
 * A new passkey: its name and the proof (the current password, a fresh mailbox link, or one of the member's
 * passkeys), then the browser's own dialog. A passkey confirms on a click of its own before "Create passkey":
 * Safari lets each click open one passkey dialog only.
 */
function AddPasskey({
  state,
  hasPasskey,
  onDone,
}: {
  state: SecurityState;
  hasPasskey: boolean;
  onDone: () => void;
}) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState<PasskeyAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const proof = confirmed
      ? { passkey: confirmed }
      : { currentPassword: state.hasPassword ? password : undefined };
    add.mutate(
      { name: name.trim(), ...proof },
      {
        onSuccess: onDone,
        // The confirmation was spent on the server's challenge either way.
        onError: (error) => (
          setConfirmed(null),
          setProblem(ceremonyText(error, 'The passkey was not added.'))
        ),
      },
    );
  };
  const byPassword = state.hasPassword && !confirmed;
  const ready = confirmed !== null || state.hasPassword || state.mailboxProofUntil !== null;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Add a passkey">
      <Field
        label="Name"
        value={name}
        maxLength={64}
        hint="So you know it later, e.g. “Laptop” or “Phone”."
        onChange={(e) => setName(e.target.value)}
      />
      {byPassword && (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {confirmed && (
        <p className="success-text" role="status">
          Your passkey confirmed it is you.
        </p>
      )}
      {problem && <ErrorText>{problem}</ErrorText>}
      <div className="row">
        {ready && (
          <button
            type="submit"
            className="btn btn-primary"
            disabled={add.isPending || !name.trim() || (byPassword && !password)}
          >
            {add.isPending ? <Spinner label="Waiting for your passkey" /> : 'Create passkey'}
          </button>
        )}
        {hasPasskey && !confirmed && (
          <PasskeyProofButton
            disabled={add.isPending}
            onProof={(passkey) => (setProblem(null), setConfirmed(passkey))}
            onFailure={setProblem}
          >
            Confirm with a passkey
          </PasskeyProofButton>
        )}
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The member's passkeys: sign in without a password, and a second factor after one. */
export function PasskeyList({ state }: { state: SecurityState }) {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  if (passkeys.isPending) return <Spinner label="Loading passkeys" />;
  if (passkeys.isError) return <ErrorText>The passkeys could not be loaded.</ErrorText>;
  const hasPasskey = passkeys.data.length > 0;
  const canProve = state.hasPassword || state.mailboxProofUntil !== null || hasPasskey;
  return (
    <div className="stack">
      {passkeys.data.length > 0 ? (
        <ul className={styles.sessions} aria-label="Passkeys">
          {passkeys.data.map((passkey) => (
            <PasskeyItem key={passkey.passkeyId} passkey={passkey} state={state} />
          ))}
        </ul>
      ) : (
        <p className="muted">
          A passkey signs you in with your fingerprint, face or screen lock instead of a password, and is
          asked for after your password once you have one.
        </p>
      )}
      {!canProve ? (
        <MailboxProof action="add a passkey" />
      ) : adding ? (
        <AddPasskey state={state} hasPasskey={hasPasskey} onDone={() => setAdding(false)} />
      ) : (
        <div>
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            Add a passkey
          </button>
        </div>
      )}
    </div>
  );
}
