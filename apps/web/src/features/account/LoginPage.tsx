import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { useSession } from '../../app/session.ts';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import styles from './account.module.css';
import { canLogIn } from './rules.ts';
import { tooManyAttempts } from '../../shared/too-many-attempts.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** Log in: idle, submitting, then logged in or back to idle with an error. */
export default function LoginPage() {
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canLogIn(email, password) || submitting) return;
    setSubmitting(true);
    setError(null);
    const res = await api.account.login({ body: { emailAddress: email.trim(), password } }).catch(() => null);
    if (res?.status === 200 && res.body === true) {
      await session.refresh();
      return;
    }
    setSubmitting(false);
    setError(res?.status === 429 ? tooManyAttempts(res.headers) : 'email or password is incorrect');
  };

  return (
    <AccountCard title="Log in">
      <form className="stack" onSubmit={submit} noValidate>
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
