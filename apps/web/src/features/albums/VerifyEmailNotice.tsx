import { SendVerificationButton } from '../../shared/SendVerificationButton.tsx';
import styles from './notice.module.css';

/** A notice that something needs a verified address, with a button that mails the verification link. */
export function VerifyEmailNotice({ message }: { message: string }) {
  return (
    <div className={styles.notice}>
      <p className={styles.noticeText}>{message}</p>
      <SendVerificationButton label="Send verification email" />
    </div>
  );
}
