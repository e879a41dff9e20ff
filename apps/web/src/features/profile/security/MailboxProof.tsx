import { useState } from 'react';
import { useCurrentUser } from '../../../api/session.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useMailSignInLink } from '../api/mail-sign-in-link.ts';
import { refusalText } from './refusal.ts';

/**
 * For an account without a password: what it takes to act without one (a sign-in link opened from the mailbox,
 * 15 minutes before), with a button that mails the link.
 */
export function MailboxProof({ action }: { action: string }) {
  const { user } = useCurrentUser();
  const mail = useMailSignInLink();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  return (
    <div className="stack">
      <p className="muted">
        You sign in with links we e-mail you. To {action}, open a new sign-in link from your mailbox: you then
        have 15 minutes to do it here.
      </p>
      {sent ? (
        <p className="success-text" role="status">
          We have sent a sign-in link to {user.emailAddress}.
        </p>
      ) : (
        <div>
          <button
            type="button"
            className="btn"
            disabled={mail.isPending}
            onClick={() =>
              mail.mutate(user.emailAddress, {
                onSuccess: () => setSent(true),
                onError: (e) => setError(refusalText(e, 'The link could not be sent. Please try again.')),
              })
            }
          >
            E-mail me a sign-in link
          </button>
        </div>
      )}
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
