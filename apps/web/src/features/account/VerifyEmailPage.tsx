import { useEffect, useRef, useState } from 'react';
import { Id } from '@site/contract';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import { useVerifyEmail } from './api/verify-email.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

type State = 'verifying' | 'verified' | 'failed';

/**
 * The page a verification e-mail links to: redeems its token once and says whether that worked. A link that names
 * an album (`?album=`, an album shared with the address) leads on to it once the address is verified.
 */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const album = useSearchParams()[0].get('album');
  const next = album && Id.safeParse(album).success ? `/albums/${album}` : null;
  const { mutate: verify } = useVerifyEmail();
  const [state, setState] = useState<State>('verifying');
  // A token works once; React's development double effect must not spend it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify(token, {
      onSuccess: () => (next ? void navigate(next, { replace: true }) : setState('verified')),
      onError: () => setState('failed'),
    });
  }, [token, verify, next, navigate]);

  return (
    <AccountCard title="E-mail verification">
      {state === 'verifying' && <Spinner label="Verifying" />}
      {state === 'verified' && (
        <div className="stack">
          <p className="success-text" role="status">
            Your e-mail address is verified. Thank you!
          </p>
          <Link to="/profile">Go to your profile</Link>
        </div>
      )}
      {state === 'failed' && (
        <div className="stack">
          <ErrorText>
            This verification link is invalid, has been used, or has expired (links last 24 hours).
          </ErrorText>
          <p>
            You can send a new one from your <Link to="/profile">profile</Link>.
          </p>
        </div>
      )}
    </AccountCard>
  );
}
