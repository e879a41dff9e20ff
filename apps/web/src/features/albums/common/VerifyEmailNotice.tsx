import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../../api/session.ts';
import { SendAgainButton } from '../../../shared/SendAgainButton.tsx';
import styles from './notice.module.css';

/**
 * A notice that something waits for a verified address: where the link went (sign-up mails one) and what opening
 * it does (`purpose`: "see this album"), with a quieter offer to send it again; in place of a whole screen, `back`
 * gives the way out, and the notice is the screen's heading.
 */
export function VerifyEmailNotice({
  purpose,
  back,
}: {
  purpose: string;
  back?: { to: string; label: string };
}) {
  const { user } = useCurrentUser();
  return (
    <div className={styles.notice}>
      {back && <h1 className={styles.noticeTitle}>Confirm your e-mail address</h1>}
      <p className={styles.noticeText}>
        We have sent a link to{' '}
        <span className={styles.address}>{user?.emailAddress ?? 'your e-mail address'}</span>: open it to{' '}
        {purpose}.
      </p>
      <SendAgainButton />
      {back && (
        <Link to={back.to} className={styles.noticeBack}>
          {back.label}
        </Link>
      )}
    </div>
  );
}
