import type { SecurityState } from '@site/contract';
import { useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Field } from '../../../ui/Field.tsx';
import { usePasskeys } from '../api/passkeys.ts';
import { useDisableTotp, useEnableTotp, useStartTotpSetup } from '../api/totp.ts';
import styles from '../profile.module.css';
import { MailboxProof } from './MailboxProof.tsx';
import { PasskeyProofButton, type PasskeyAnswer } from './PasskeyProofButton.tsx';
import { refusalText } from './refusal.ts';

type Step =
  | { step: 'idle' }
  | { step: 'proof'; turningOff: boolean }
  | { step: 'scan'; secret: string; uri: string }
  | { step: 'codes'; recoveryCodes: string[] };

/** The otpauth URI as a QR code image an authenticator app scans from the screen. */
const qrImage = (uri: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(uri, { border: 2 }))}`;

/**
 * Authenticator-app codes, asked after the password: turned on by proof, a scanned (or typed) secret and one
 * right code, which answers 10 recovery codes shown only then; turned off by proof. The proof is the current
 * password, one of the member's passkeys, or a fresh mailbox link.
 */
export function TotpForm({ state }: { state: SecurityState }) {
  const start = useStartTotpSetup();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const passkeys = usePasskeys();
  const [step, setStep] = useState<Step>({ step: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const failed = (error: unknown) => setProblem(refusalText(error, 'That did not work. Please try again.'));
  const reset = () => (setStep({ step: 'idle' }), setPassword(''), setCode(''), setProblem(null));
  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  const byForm = state.hasPassword || state.mailboxProofUntil !== null;

  if (!byForm && !hasPasskey && step.step === 'idle') {
    return <MailboxProof action={state.totp ? 'turn off app codes' : 'turn on app codes'} />;
  }

  const proceed = (proof: { currentPassword?: string; passkey?: PasskeyAnswer }) => {
    if (step.step !== 'proof') return;
    setProblem(null);
    if (step.turningOff) disable.mutate(proof, { onSuccess: reset, onError: failed });
    else
      start.mutate(proof, {
        onSuccess: (s) => (setStep({ step: 'scan', ...s }), setPassword('')),
        onError: failed,
      });
  };
  const prove = (e: FormEvent) => {
    e.preventDefault();
    proceed({ currentPassword: state.hasPassword ? password : undefined });
  };

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => setStep({ step: 'codes', recoveryCodes }),
      onError: failed,
    });
  };

  if (step.step === 'scan') {
    return (
      <form className="stack" onSubmit={confirm} noValidate aria-label="Turn on app codes">
        <p>Scan this code with your authenticator app, or type the key into it by hand.</p>
        <img
          className={styles.qr}
          src={qrImage(step.uri)}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
        />
        <p>
          Key: <code className={styles.secret}>{step.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
        </p>
        <Field
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        {problem && <ErrorText>{problem}</ErrorText>}
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={enable.isPending || !code.trim()}>
            Turn on
          </button>
          <button type="button" className="btn" onClick={reset}>
            Cancel
          </button>
        </div>
      </form>
    );
  }

  if (step.step === 'codes') {
    return (
      <div className="stack">
        <p className="success-text" role="status">
          App codes are on. Keep these recovery codes somewhere safe: each signs you in once if you lose your
          phone. They are shown only now.
        </p>
        <ul className={styles.recoveryCodes} aria-label="Recovery codes">
          {step.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div>
          <button type="button" className="btn" onClick={reset}>
            I have saved them
          </button>
        </div>
      </div>
    );
  }

  if (step.step === 'proof') {
    return (
      <form
        className="stack"
        onSubmit={prove}
        noValidate
        aria-label={step.turningOff ? 'Turn off app codes' : 'Set up app codes'}
      >
        {state.hasPassword && (
          <Field
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
        {problem && <ErrorText>{problem}</ErrorText>}
        <div className="row">
          {byForm && (
            <button
              type="submit"
              className="btn btn-primary"
              disabled={start.isPending || disable.isPending || (state.hasPassword && !password)}
            >
              {step.turningOff ? 'Turn off' : 'Continue'}
            </button>
          )}
          {hasPasskey && (
            <PasskeyProofButton
              disabled={start.isPending || disable.isPending}
              onProof={(passkey) => proceed({ passkey })}
              onFailure={setProblem}
            >
              {step.turningOff ? 'Confirm with a passkey and turn off' : 'Confirm with a passkey'}
            </PasskeyProofButton>
          )}
          <button type="button" className="btn" onClick={reset}>
            Cancel
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="stack">
      {state.totp ? (
        <p>
          <span className={styles.yes}>On</span> {state.recoveryCodesLeft} recovery code
          {state.recoveryCodesLeft === 1 ? '' : 's'} left.
        </p>
      ) : (
        <p className="muted">
          Ask for a code from an app such as Aegis, Google Authenticator or 1Password after your password.
        </p>
      )}
      <div>
        <button
          type="button"
          className="btn"
          onClick={() => setStep({ step: 'proof', turningOff: state.totp })}
        >
          {state.totp ? 'Turn off app codes' : 'Turn on app codes'}
        </button>
      </div>
    </div>
  );
}
