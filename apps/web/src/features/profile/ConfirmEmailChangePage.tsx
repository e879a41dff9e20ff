import { Link, useParams } from 'react-router-dom';
import { ApiFailure } from '../../api/failure.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useConfirmEmailChange } from './api/confirm-email-change.ts';

/** The page the link mailed to a new address opens: moves the account once and says whether that worked. */
export default function ConfirmEmailChangePage() {
  const { token = '' } = useParams();
  const confirmation = useConfirmEmailChange(token);
  return (
    <div className="page">
      <h1>New e-mail address</h1>
      <section className="card stack">
        {confirmation.isPending && <Spinner label="Confirming" />}
        {confirmation.isSuccess && (
          <>
            <p className="success-text" role="status">
              Your account now uses this e-mail address.
            </p>
            <Link to="/profile">Go to your profile</Link>
          </>
        )}
        {confirmation.isError &&
          (confirmation.error instanceof ApiFailure && confirmation.error.final ? (
            <ErrorText>
              {confirmation.error.kind === 'conflict'
                ? 'This address now belongs to another account, so yours keeps its address.'
                : 'This link is invalid, has been used, or has expired (links last 24 hours). Ask again from your profile.'}
            </ErrorText>
          ) : (
            <div className="row">
              <ErrorText>The link could not be checked just now.</ErrorText>
              <button type="button" className="btn" onClick={() => void confirmation.refetch()}>
                Try again
              </button>
            </div>
          ))}
      </section>
    </div>
  );
}
