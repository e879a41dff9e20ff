import type { SecondFactorNeeded } from '@site/contract';
import { useState, type FormEvent } from 'react';
import { ceremonyText } from '../../api/ceremony.ts';
import { isTooManyAttempts, messageOf, tooManyAttemptsText } from '../../api/messages.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Field } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePasskeySignIn } from './api/passkey-sign-in.ts';
import { useSecondFactor } from './api/second-factor.ts';
import styles from './account.module.css';

/**
 * The log in's second step, after a right password or a sign-in link: a code from the authenticator app (or a
 * recovery code), or a passkey. `onDone` gets the album a sign-in link opens, if any.
 */
export function SecondFactorStep({
  needed,
  onDone,
}: {
  needed: SecondFactorNeeded['secondFactor'];
  onDone: (albumId: string | null) => void;
}) {
  const secondFactor = useSecondFactor();
  const passkey = usePasskeySignIn();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    secondFactor.mutate(code.trim(), {
      onSuccess: ({ albumId }) => onDone(albumId),
      onError: (failure) =>
        setError(
          isTooManyAttempts(failure)
            ? tooManyAttemptsText(failure)
            : messageOf(failure, 'That code did not work. Please try again.'),
        ),
    });
  };

  const usePasskey = () => {
    setError(null);
    passkey.mutate(undefined, {
      onSuccess: ({ albumId }) => onDone(albumId),
      onError: (failure) => setError(ceremonyText(failure, 'Signing in with a passkey did not work.')),
    });
  };

  return (
    <div className="stack">
      {needed.totp && (
        <form className="stack" onSubmit={submit} noValidate aria-label="Second step">
          <p>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          <Field
            label="Code"
            name="code"
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button
            type="submit"
            className={`btn btn-primary ${styles.submit}`}
            disabled={!code.trim() || secondFactor.isPending}
          >
            {secondFactor.isPending ? <Spinner label="Checking" /> : 'Continue'}
          </button>
        </form>
      )}
      {!needed.totp && <p>Your account asks for your passkey next.</p>}
      {needed.passkey && (
        <button type="button" className="btn" onClick={usePasskey} disabled={passkey.isPending}>
          {needed.totp ? 'Use a passkey instead' : 'Use your passkey'}
        </button>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
