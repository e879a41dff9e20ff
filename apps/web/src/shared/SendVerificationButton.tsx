import { useState } from 'react';
import { sendVerificationFailureText, useSendVerificationEmail } from './api/send-verification-email.ts';

/**
 * Mails the current user a verification link. Disabled when already verified, and stays disabled after it has
 * sent one ('Verification email sent').
 */
export function SendVerificationButton({ label, verified = false }: { label: string; verified?: boolean }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);
  const sendEmail = useSendVerificationEmail();

  const send = () => {
    setState('sending');
    setError(null);
    sendEmail.mutate(undefined, {
      onSuccess: () => setState('sent'),
      onError: (e) => {
        setState('idle');
        setError(sendVerificationFailureText(e));
      },
    });
  };

  return (
    <div className="row">
      <button type="button" className="btn" disabled={verified || state !== 'idle'} onClick={send}>
        {label}
      </button>
      {state === 'sent' && (
        <span className="success-text" role="status">
          Verification email sent
        </span>
      )}
      {error && (
        <span className="error-text" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
