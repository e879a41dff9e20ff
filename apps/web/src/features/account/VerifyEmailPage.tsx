import { Id } from '@site/contract';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiFailure } from '../../api/failure.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountCard } from './AccountCard.tsx';
import { useVerifyEmail } from './api/verify-email.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';

/**
 * The page a verification e-mail links to: redeems its token once and says whether that worked. A link that names
 * an album (`?album=`, an album shared with the address) leads on to it once the address is verified.
 */
export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  const album = useSearchParams()[0].get('album');
  const next = album && Id.safeParse(album).success ? `/albums/${album}` : null;
  const verification = useVerifyEmail(token);

  if (verification.isSuccess && next) return <Navigate to={next} replace />;
  return (
    <AccountCard title="E-mail verification">
      {verification.isPending && <Spinner label="Verifying" />}
      {verification.isSuccess && (
        <div className="stack">
          <p className="success-text" role="status">
            Your e-mail address is verified. Thank you!
          </p>
          <Link to="/profile">Go to your profile</Link>
        </div>
      )}
      {verification.isError &&
        (isRefused(verification.error) ? (
          <div className="stack">
            <ErrorText>
              This verification link is invalid, has been used, or has expired (links last 24 hours).
            </ErrorText>
            <p>
              You can send a new one from your <Link to="/profile">profile</Link>.
            </p>
          </div>
        ) : (
          <div className="row">
            <ErrorText>The link could not be checked just now.</ErrorText>
            <button type="button" className="btn" onClick={() => void verification.refetch()}>
              Try again
            </button>
          </div>
        ))}
    </AccountCard>
  );
}

/** The server looked at the token and refused it; anything else (no answer, an outage) left it unspent. */
const isRefused = (error: unknown) => error instanceof ApiFailure && error.final;
