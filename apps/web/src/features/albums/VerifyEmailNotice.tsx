import { Link } from 'react-router-dom';
import { SendVerificationButton } from '../../shared/SendVerificationButton.tsx';
import styles from './notice.module.css';

/**
 * A notice that something needs a verified address, with a button that mails the verification link; in place of
 * a whole screen, `back` gives the way out.
 */
export function VerifyEmailNotice(props: {
  message: string;
  hint?: string;
  back?: { to: string; label: string };
}) {
  const { message, hint, back } = props;
  return (
    <div className={styles.notice}>
      <p className={styles.noticeText}>{message}</p>
      {hint && <p className={styles.noticeHint}>{hint}</p>}
      <SendVerificationButton label="Send verification email" />
      {back && (
        <Link to={back.to} className={styles.noticeBack}>
          {back.label}
        </Link>
      )}
    </div>
  );
}
