import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import styles from './account.module.css';
import {
  canResetPassword,
  emailProblem,
  minPasswordLength,
  passwordProblem,
  retypeProblem,
} from './rules.ts';
import { resetPasswordRefusal, useResetPassword } from './api/reset-password.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useFieldErrors } from '../../ui/useFieldErrors.ts';

type State = 'form' | 'submitting' | 'done';

/** Reset password from a mailed link: form, submitting, done. */
export default function ResetPasswordPage() {
  const { passwordResetId = '' } = useParams();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [state, setState] = useState<State>('form');
  const [problem, setProblem] = useState<string | null>(null);
  const ready = canResetPassword(password, retype) && email.trim() !== '';
  // The product shows 'passwords do not match' on any mismatch while typing the re-type.
  const fields = useFieldErrors(
    {
      email: { value: email, problem: emailProblem(email) },
      password: { value: password, problem: passwordProblem(password) },
      retype: { value: retype, problem: retypeProblem(password, retype) },
    },
    ['retype'],
  );

  useEffect(() => {
    if (state !== 'done') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter') void navigate('/login');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state, navigate]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || state === 'submitting' || !fields.check()) return;
    setState('submitting');
    setProblem(null);
    const body = { emailAddress: email.trim(), password, passwordResetId };
    try {
      await resetPassword.mutateAsync(body);
      setState('done');
    } catch (error) {
      setState('form');
      const refusal = resetPasswordRefusal(error, body);
      if (refusal === 'expired' || !refusal.field)
        setProblem(refusal === 'expired' ? refusal : refusal.message);
      else fields.refuse(refusal.field, refusal.message);
    }
  };

  if (state === 'done') {
    return (
      <AccountCard title="Password Reset">
        <div className="stack">
          <p className="success-text" role="status">
            Your password has been reset.
          </p>
          <button
            type="button"
            className={`btn btn-primary ${styles.submit}`}
            onClick={() => void navigate('/login')}
          >
            Log In
          </button>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Reset password">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Email address"
          type="email"
          name="email"
          autoComplete="username"
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
          label="Re-type password"
          type="password"
          name="retype"
          autoComplete="new-password"
          value={retype}
          onChange={(e) => setRetype(e.target.value)}
          {...fields.track('retype')}
          error={fields.errorOf('retype')}
        />
        {problem === 'expired' ? (
          <ErrorText>
            This reset link is invalid, has been used, or has expired (links last one hour).{' '}
            <Link to="/forgot-password">Request a new one</Link>.
          </ErrorText>
        ) : (
          problem && <ErrorText>{problem}</ErrorText>
        )}
        <button
          type="submit"
          className={`btn btn-primary ${styles.submit}`}
          disabled={!ready || state === 'submitting'}
        >
          {state === 'submitting' ? <Spinner label="Resetting password" /> : 'Reset password'}
        </button>
      </form>
    </AccountCard>
  );
}
