import { useState } from 'react';
import { api } from '../api/client.ts';
import { tooManyAttempts } from './too-many-attempts.ts';

/**
 * Mails the current user a verification link. Disabled when already verified, and stays disabled after it has
 * sent one ('Verification email sent').
 */
export function SendVerificationButton({ label, verified = false }: { label: string; verified?: boolean }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setState('sending');
    setError(null);
    const res = await api.account.sendVerificationEmail().catch(() => null);
    if (res?.status === 204) return setState('sent');
    setState('idle');
    setError(
      res?.status === 429 ? tooManyAttempts(res.headers) : 'The e-mail could not be sent. Please try again.',
    );
  };

  return (
    <div className="row">
      <button
        type="button"
        className="btn"
        disabled={verified || state !== 'idle'}
        onClick={() => void send()}
      >
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
