import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { isTooManyAttempts, tooManyAttemptsText } from '../../api/messages.ts';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import styles from './account.module.css';
import { canRequestReset } from './rules.ts';
import { useRequestPasswordReset } from './api/request-password-reset.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

type State =
  | { step: 'form' }
  | { step: 'sending' }
  | { step: 'sent'; email: string }
  | { step: 'limited'; message: string };

/** Forgot password: form, sending, sent. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  const from = useLocation().state as { email?: string } | null;
  const [email, setEmail] = useState(from?.email ?? '');
  const [state, setState] = useState<State>({ step: 'form' });
  const requestReset = useRequestPasswordReset();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canRequestReset(email) || state.step === 'sending') return;
    setState({ step: 'sending' });
    // Any answer but 'too many attempts' reads as sent: the page must not tell who has an account.
    const error = await requestReset.mutateAsync(email.trim()).then(
      () => null,
      (e: unknown) => e,
    );
    setState(
      isTooManyAttempts(error)
        ? { step: 'limited', message: tooManyAttemptsText(error) }
        : { step: 'sent', email: email.trim() },
    );
  };

  if (state.step === 'sent') {
    return (
      <AccountCard title="Password Reset">
        <p role="status">
          An email has been sent to {state.email} with further instructions to reset your password.
        </p>
        <Link to="/login">Back to log in</Link>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Forgot password">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <p className="muted">
          Enter the e-mail address of your account and we will mail you a link to choose a new password.
        </p>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {state.step === 'limited' && <ErrorText>{state.message}</ErrorText>}
        <button
          type="submit"
          className={`btn btn-primary ${styles.submit}`}
          disabled={!canRequestReset(email) || state.step === 'sending'}
        >
          {state.step === 'sending' ? <Spinner label="Sending" /> : 'Send reset link'}
        </button>
        <div className={styles.links}>
          <Link to="/login">Log in</Link>
          <Link to="/create-account">Create an account</Link>
        </div>
      </form>
    </AccountCard>
  );
}
