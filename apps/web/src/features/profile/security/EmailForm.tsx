import { EmailAddress, type SecurityState } from '@site/contract';
import { useState, type FormEvent } from 'react';
import { useCurrentUser } from '../../../api/session.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useChangeEmail } from '../api/change-email.ts';
import { MailboxProof } from './MailboxProof.tsx';
import { refusalText } from './refusal.ts';

/**
 * Move the account to a new address: the current password (or, without one, a fresh mailbox link) proves the
 * owner; the change happens when the link mailed to the new address is opened.
 */
export function EmailForm({ state }: { state: SecurityState }) {
  const { user } = useCurrentUser();
  const changeEmail = useChangeEmail();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  if (!user) return null;
  if (!state.hasPassword && !state.mailboxProofUntil) return <MailboxProof action="change your address" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = EmailAddress.safeParse(email).error?.issues[0]?.message;
    if (wrong) return setProblem(wrong);
    setProblem(null);
    const emailAddress = email.trim();
    changeEmail.mutate(
      { emailAddress, ...(state.hasPassword ? { currentPassword: current } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          setCurrent('');
          setEmail('');
          setSentTo(emailAddress);
        },
        onError: (error) =>
          setProblem(refusalText(error, 'The address could not be changed. Please try again.')),
      },
    );
  };

  if (!open) {
    return (
      <div className="stack">
        {sentTo && (
          <p className="success-text" role="status">
            We have sent a link to {sentTo}. Your address changes when you open it; until then it stays{' '}
            {user.emailAddress}.
          </p>
        )}
        <div>
          <button type="button" className="btn" onClick={() => (setSentTo(null), setOpen(true))}>
            Change e-mail address
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label="Change e-mail address">
      <Field
        label="New e-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      {state.hasPassword && (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      )}
      {problem && <ErrorText>{problem}</ErrorText>}
      <p className="muted">
        We will e-mail a link to the new address, and tell {user.emailAddress} about the change.
      </p>
      <div className="row">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={changeEmail.isPending || !email.trim() || (state.hasPassword && !current)}
        >
          Send link
        </button>
        <button type="button" className="btn" onClick={() => (setOpen(false), setProblem(null))}>
          Cancel
        </button>
      </div>
    </form>
  );
}
