import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useSecurityState } from '../api/security-state.ts';
import styles from '../profile.module.css';
import { EmailForm } from './EmailForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { SessionList } from './SessionList.tsx';

/** The profile's Security section: password, e-mail address, sessions. */
export function SecuritySection() {
  const state = useSecurityState();
  return (
    <section className={`card ${styles.card} ${styles.security}`} aria-labelledby="security-heading">
      <h2 id="security-heading">Security</h2>
      {state.isPending && <Spinner label="Loading" />}
      {state.isError && <ErrorText>The security settings could not be loaded.</ErrorText>}
      {state.isSuccess && (
        <dl className={styles.list}>
          <dt>Password</dt>
          <dd>
            <PasswordForm state={state.data} />
          </dd>
          <dt>E-mail address</dt>
          <dd>
            <EmailForm state={state.data} />
          </dd>
          <dt>Sessions</dt>
          <dd>
            <SessionList />
          </dd>
        </dl>
      )}
    </section>
  );
}
