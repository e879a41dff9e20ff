import { useState } from 'react';
import { api } from '../../api/client.ts';
import { failureText, noContent } from './api-result.ts';
import styles from './notice.module.css';

/** A notice that something needs a verified address, with a button that mails the verification link. */
export function VerifyEmailNotice({ message }: { message: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setState('sending');
    setError(null);
    try {
      await noContent(api.account.sendVerificationEmail());
      setState('sent');
    } catch (e) {
      setState('idle');
      setError(failureText('send the verification email', e));
    }
  };

  return (
    <div className={styles.notice}>
      <p className={styles.noticeText}>{message}</p>
      <div className="row">
        <button type="button" className="btn" disabled={state !== 'idle'} onClick={() => void send()}>
          Send verification email
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
    </div>
  );
}
