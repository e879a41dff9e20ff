import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isAccountDisabled } from '../../api/messages.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { AccountCard } from './AccountCard.tsx';
import { useFollowSignInLink, type Followed } from './api/follow-sign-in-link.ts';
import { SecondFactorStep } from './SecondFactorStep.tsx';

const expired = 'This link is invalid, has been used, or has expired.';

/**
 * Where an invitation (`/invitation/:token`) or a sign-in mail (`/sign-in/:token`) leads: signs the browser in as
 * the address the link was mailed to and goes on to the album (or the album list). No password is asked for; a
 * second factor is, for an account that has one (the link proves only the mailbox).
 */
export default function SignInLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const follow = useFollowSignInLink();
  /** Why the link did not sign in, once it failed. */
  const [failed, setFailed] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<Followed | null>(null);

  useEffect(() => {
    let live = true;
    follow(token).then(
      (answer) => {
        if (!live) return;
        if (answer.secondFactor) return setWaiting(answer);
        void navigate(answer.albumId ? `/albums/${answer.albumId}` : '/albums', { replace: true });
      },
      (error: unknown) =>
        live && setFailed(isAccountDisabled(error) ? (error.serverMessage ?? expired) : expired),
    );
    return () => {
      live = false;
    };
  }, [token, follow, navigate]);

  if (waiting?.secondFactor) {
    return (
      <AccountCard title="Second step">
        <SecondFactorStep
          needed={waiting.secondFactor}
          onDone={(albumId) => {
            const open = albumId ?? waiting.albumId;
            void navigate(open ? `/albums/${open}` : '/albums', { replace: true });
          }}
        />
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Signing in">
      {failed === null && <Spinner label="Signing you in" />}
      {failed !== null && (
        <div className="stack">
          <ErrorText>{failed}</ErrorText>
          <p>
            <Link to="/login">Log in</Link>, where you can also ask for a new sign-in link by e-mail.
          </p>
        </div>
      )}
    </AccountCard>
  );
}
