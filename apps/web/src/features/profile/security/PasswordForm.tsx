import { NewPassword, type SecurityState } from '@site/contract';
import { useState, type FormEvent } from 'react';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { MailboxProof } from './MailboxProof.tsx';
import { refusalText } from './refusal.ts';

/** What is wrong with a new password by the contract's rule and words, or null. */
const passwordProblem = (password: string) =>
  NewPassword.safeParse(password).error?.issues[0]?.message ?? null;

/**
 * Change the password (the current one asked), or choose a first one for an account made by an invitation (asked
 * nothing more, but only while the session is fresh from a mailbox link). Every other session ends.
 */
export function PasswordForm({ state }: { state: SecurityState }) {
  const changePassword = useChangePassword();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [problem, setProblem] = useState<{ field: 'password' | 'retype' | null; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const choosing = !state.hasPassword;
  const label = choosing ? 'Choose a password' : 'Change password';

  if (choosing && !state.mailboxProofUntil) return <MailboxProof action="choose a password" />;

  const close = () => {
    setOpen(false);
    setCurrent('');
    setPassword('');
    setRetype('');
    setProblem(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const rule = passwordProblem(password);
    if (rule) return setProblem({ field: 'password', text: rule });
    if (password !== retype) return setProblem({ field: 'retype', text: 'passwords do not match' });
    setProblem(null);
    changePassword.mutate(
      { newPassword: password, ...(choosing ? {} : { currentPassword: current }) },
      {
        onSuccess: () => {
          close();
          setDone(true);
        },
        onError: (error) =>
          setProblem({
            field: null,
            text: refusalText(error, 'The password could not be changed. Please try again.'),
          }),
      },
    );
  };

  if (!open) {
    return (
      <div className="stack">
        {done && (
          <p className="success-text" role="status">
            Your password is saved. Every other session was signed out.
          </p>
        )}
        <div>
          <button type="button" className="btn" onClick={() => (setDone(false), setOpen(true))}>
            {label}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={label}>
      {!choosing && (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      )}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        hint="At least 8 characters."
        onChange={(e) => setPassword(e.target.value)}
        error={problem?.field === 'password' ? problem.text : null}
      />
      <Field
        label="Re-type new password"
        type="password"
        autoComplete="new-password"
        value={retype}
        onChange={(e) => setRetype(e.target.value)}
        error={problem?.field === 'retype' ? problem.text : null}
      />
      {problem?.field === null && <ErrorText>{problem.text}</ErrorText>}
      <p className="muted">Every other browser signed in to your account will be signed out.</p>
      <div className="row">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={changePassword.isPending || !password || !retype || (!choosing && !current)}
        >
          {choosing ? 'Save password' : 'Change password'}
        </button>
        <button type="button" className="btn" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
