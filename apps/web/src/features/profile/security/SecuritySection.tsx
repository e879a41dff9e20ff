import { ErrorText } from '../../../ui/ErrorText.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useSecurityState } from '../api/security-state.ts';
import styles from '../profile.module.css';
import { EmailForm } from './EmailForm.tsx';
import { PasskeyList } from './PasskeyList.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { SessionList } from './SessionList.tsx';
import { TotpForm } from './TotpForm.tsx';

/** The profile's Security section: password, passkeys, app codes, e-mail address, sessions. */
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
          <dt>Passkeys</dt>
          <dd>
            <PasskeyList state={state.data} />
          </dd>
          <dt>Authenticator app</dt>
          <dd>
            <TotpForm state={state.data} />
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
