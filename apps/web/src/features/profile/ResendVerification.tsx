import { useState } from 'react';
import { api } from '../../api/client.ts';
import { tooManyAttempts } from '../account/too-many-attempts.ts';

/** 'Resend verification email': disabled once verified, and stays disabled after it has sent one. */
export function ResendVerification({ verified }: { verified: boolean }) {
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
        Resend verification email
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
