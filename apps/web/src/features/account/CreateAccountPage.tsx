import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '@site/contract';
import { useInvitation } from './invitation.ts';
import { useSession } from '../../api/session.ts';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import styles from './account.module.css';
import {
  canCreateAccount,
  emailProblem,
  minPasswordLength,
  passwordProblem,
  retypeProblem,
} from './rules.ts';
import { signUpRefusal, takenAddress, useCreateAccount } from './api/create-account.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useFieldErrors } from '../../ui/useFieldErrors.ts';

/**
 * Create account: form, submitting, created; OK on the last logs in with the returned account. An invitation
 * (`?email=…&album=…`) fills in the address.
 */
export default function CreateAccountPage() {
  const session = useSession();
  const createAccount = useCreateAccount();
  const invitation = useInvitation();
  const [email, setEmail] = useState(invitation.email);
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<User | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ready = canCreateAccount(email, password, retype);
  const fields = useFieldErrors(
    {
      email: { value: email, problem: emailProblem(email) },
      password: { value: password, problem: passwordProblem(password) },
      retype: { value: retype, problem: retypeProblem(password, retype) },
    },
    ['retype'],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || submitting || !fields.check()) return;
    setSubmitting(true);
    setError(null);
    const body = { emailAddress: email.trim(), password };
    const answer = await createAccount.mutateAsync(body).then(
      (user) => ({ user, error: null }),
      (error: unknown) => ({ user: null, error }),
    );
    setSubmitting(false);
    if (answer.user) return setCreated(answer.user);
    const refusal = answer.error === null ? takenAddress : signUpRefusal(answer.error, body);
    if (refusal.field) fields.refuse(refusal.field, refusal.message);
    else setError(refusal.message);
  };

  if (created) {
    return (
      <AccountCard title="Welcome">
        <div className="stack">
          <p className="success-text" role="status">
            New account has been created
          </p>
          <p>We have sent a link to {created.emailAddress}: open it to verify your address.</p>
          <button
            type="button"
            className={`btn btn-primary ${styles.submit}`}
            autoFocus
            // Logged in, the screen's guard leads on: to the album of the invitation, or home.
            onClick={() => session.setUser(created)}
          >
            OK
          </button>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Create Account">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...fields.track('email')}
          error={fields.errorOf('email')}
        />
        <Field
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          hint={`At least ${minPasswordLength} characters.`}
          onChange={(e) => setPassword(e.target.value)}
          {...fields.track('password')}
          error={fields.errorOf('password')}
        />
        <Field
          label="Retype password"
          type="password"
          name="retype"
          autoComplete="new-password"
          value={retype}
          onChange={(e) => setRetype(e.target.value)}
          {...fields.track('retype')}
          error={fields.errorOf('retype')}
        />
        {error && <ErrorText>{error}</ErrorText>}
        <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={!ready || submitting}>
          {submitting ? <Spinner label="Creating account" /> : 'Create Account'}
        </button>
        <div className={styles.links}>
          <Link to="/login">Already have an account? Log in</Link>
        </div>
      </form>
    </AccountCard>
  );
}
