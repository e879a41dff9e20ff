import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner.tsx';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { AccountCard } from './AccountCard.tsx';
import { useFollowSignInLink } from './api/follow-sign-in-link.ts';

/**
 * Where an invitation (`/invitation/:token`) or a sign-in mail (`/sign-in/:token`) leads: signs the browser in as
 * the address the link was mailed to and goes on to the album (or the album list). No password is asked for.
 */
export default function SignInLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const follow = useFollowSignInLink();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    follow(token).then(
      (albumId) => live && void navigate(albumId ? `/albums/${albumId}` : '/albums', { replace: true }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [token, follow, navigate]);

  return (
    <AccountCard title="Signing in">
      {!failed && <Spinner label="Signing you in" />}
      {failed && (
        <div className="stack">
          <ErrorText>This link is invalid, has been used, or has expired.</ErrorText>
          <p>
            <Link to="/login">Log in</Link>, where you can also ask for a new sign-in link by e-mail.
          </p>
        </div>
      )}
    </AccountCard>
  );
}
