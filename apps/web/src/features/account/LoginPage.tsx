import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import styles from './account.module.css';
import { canLogIn } from './rules.ts';
import { logInFailureText, useLogIn } from './api/log-in.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** Log in: idle, submitting, then logged in or back to idle with an error. */
export default function LoginPage() {
  const logIn = useLogIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canLogIn(email, password) || submitting) return;
    setSubmitting(true);
    setError(null);
    const failure = await logIn.mutateAsync({ emailAddress: email.trim(), password }).then(
      (matched) => (matched ? null : 'no match'),
      (error: unknown) => error,
    );
    if (failure === null) return;
    setSubmitting(false);
    setError(logInFailureText(failure));
  };

  return (
    <AccountCard title="Log in">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && <ErrorText>{error}</ErrorText>}
        <button
          type="submit"
          className={`btn btn-primary ${styles.submit}`}
          disabled={!canLogIn(email, password) || submitting}
        >
          {submitting ? <Spinner label="Logging in" /> : 'Log in'}
        </button>
        <div className={styles.links}>
          <Link to="/create-account">Create an account</Link>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </form>
    </AccountCard>
  );
}
