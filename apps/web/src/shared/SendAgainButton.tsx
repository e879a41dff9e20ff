import { useEffect, useState } from 'react';
import { sendVerificationFailureText, useSendVerificationEmail } from './api/send-verification-email.ts';

/** How long the button rests after sending: the mail takes a moment, and the server allows three an hour. */
const restMs = 60_000;

/**
 * The offer to mail the verification link again, for a member told that one was sent (sign-up sends it): a quiet
 * button, as the mail already sent is the thing to use. Once it has sent one it says so and rests a minute; a
 * refusal for too many sends says how long to wait.
 */
export function SendAgainButton() {
  const sendEmail = useSendVerificationEmail();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => setSent(false), restMs);
    return () => clearTimeout(timer);
  }, [sent]);

  const send = () => {
    setError(null);
    sendEmail.mutate(undefined, {
      onSuccess: () => setSent(true),
      onError: (e) => setError(sendVerificationFailureText(e)),
    });
  };

  return (
    <div className="row">
      {sent ? (
        <span className="success-text" role="status">
          Sent. A new link is on its way.
        </span>
      ) : (
        <span>Nothing in your inbox or spam folder?</span>
      )}
      <button type="button" className="btn btn-link" disabled={sent || sendEmail.isPending} onClick={send}>
        Send again
      </button>
      {error && (
        <span className="error-text" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
