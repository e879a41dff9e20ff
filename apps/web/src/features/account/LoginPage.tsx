import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import styles from './account.module.css';
import { canLogIn, canRequestReset } from './rules.ts';
import { useRequestSignInLink } from './api/request-sign-in-link.ts';
import {
  isTooManyAttempts,
  isUnreachable,
  tooManyAttemptsText,
  unreachableText,
} from '../../api/messages.ts';
import { logInFailureText, noMatch, useLogIn } from './api/log-in.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import type { SecondFactorNeeded } from '@site/contract';
import { ceremonyText } from '../../api/ceremony.ts';
import { usePasskeySignIn } from './api/passkey-sign-in.ts';
import { usePasskeyAutofill } from './api/passkey-autofill.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

type LinkState =
  | { step: 'idle' }
  | { step: 'sending' }
  | { step: 'sent'; email: string }
  /** Not sent: too many asked for, or the site could not be reached. */
  | { step: 'limited'; message: string };

/**
 * Log in: idle, submitting, then logged in, on to the second step (an account with a second factor), or back to
 * idle with an error. A passkey signs in without address or password; without a password (an account made by an
 * invitation, or one forgotten), a sign-in link by e-mail does it.
 */
export default function LoginPage() {
  const logIn = useLogIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const requestLink = useRequestSignInLink();
  const [linkState, setLinkState] = useState<LinkState>({ step: 'idle' });
  const [needed, setNeeded] = useState<SecondFactorNeeded['secondFactor'] | null>(null);
  const passkey = usePasskeySignIn();
  usePasskeyAutofill((failure) => setError(ceremonyText(failure, 'Signing in with a passkey did not work.')));

  const signInWithPasskey = () => {
    setError(null);
    passkey.mutate(undefined, {
      onError: (failure) => setError(ceremonyText(failure, 'Signing in with a passkey did not work.')),
    });
  };

  const mailLink = async () => {
    if (!canRequestReset(email) || linkState.step === 'sending') return;
    setLinkState({ step: 'sending' });
    // Any answer but 'too many attempts' reads as sent: the page must not tell who has an account. No answer at
    // all is no answer, though: nothing was sent.
    const failure = await requestLink.mutateAsync(email.trim()).then(
      () => null,
      (e: unknown) => e,
    );
    if (isUnreachable(failure)) setLinkState({ step: 'limited', message: unreachableText });
    else if (isTooManyAttempts(failure))
      setLinkState({ step: 'limited', message: tooManyAttemptsText(failure) });
    else setLinkState({ step: 'sent', email: email.trim() });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canLogIn(email, password) || submitting) return;
    setSubmitting(true);
    setError(null);
    const failure = await logIn.mutateAsync({ emailAddress: email.trim(), password }).then(
      (answer) => {
        if (typeof answer === 'object') setNeeded(answer.secondFactor);
        return answer ? null : noMatch;
      },
      (error: unknown) => error,
    );
    if (failure === null) return;
    setSubmitting(false);
    setError(logInFailureText(failure));
  };

  if (needed) {
    return (
      <AccountCard title="Second step">
        <SecondFactorStep needed={needed} onDone={() => undefined} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Log in">
      <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="Email"
          type="email"
          name="email"
          autoComplete="username webauthn"
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
        <div className={styles.signInLink}>
          <button type="button" className="btn" disabled={passkey.isPending} onClick={signInWithPasskey}>
            Sign in with a passkey
          </button>
          <button
            type="button"
            className="btn"
            disabled={!canRequestReset(email) || linkState.step === 'sending'}
            onClick={() => void mailLink()}
          >
            E-mail me a sign-in link
          </button>
          {linkState.step === 'sent' && (
            <p role="status" className="muted">
              If {linkState.email} has an account, a sign-in link is on its way. It works once, within an
              hour.
            </p>
          )}
          {linkState.step === 'limited' && <ErrorText>{linkState.message}</ErrorText>}
        </div>
        <div className={styles.links}>
          <Link to="/create-account">Create an account</Link>
          {/* The address typed here comes along, so she need not type it twice. */}
          <Link to="/forgot-password" state={{ email: email.trim() }}>
            Forgot your password?
          </Link>
        </div>
      </form>
    </AccountCard>
  );
}
