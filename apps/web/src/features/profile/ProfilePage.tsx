import { useCurrentUser } from '../../api/session.ts';
import { SendAgainButton } from '../../shared/SendAgainButton.tsx';
import { DisplayName } from './DisplayName.tsx';
import { YourDataSection } from './leaving/YourDataSection.tsx';
import { SecuritySection } from './security/SecuritySection.tsx';
import { StorageUse } from './StorageUse.tsx';
import styles from './profile.module.css';

/**
 * The member's profile: address, verification, display name, storage used; then password, address and sessions;
 * then taking a copy of their data and deleting the account.
 */
export default function ProfilePage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <div className="page">
      <h1>Profile</h1>
      <section className={`card ${styles.card}`}>
        <dl className={styles.list}>
          <dt>E-mail</dt>
          <dd>{user.emailAddress}</dd>
          <dt>Verified?</dt>
          <dd className={styles.stacked}>
            <span className={user.isEmailVerified ? styles.yes : styles.no}>
              {user.isEmailVerified ? 'Yes' : 'No'}
            </span>
            {!user.isEmailVerified && (
              <>
                <span>We have sent a link to this address: open it to verify it.</span>
                <SendAgainButton />
              </>
            )}
          </dd>
          <dt>Display name</dt>
          <dd>
            <DisplayName name={user.displayName} />
          </dd>
          <dt>Storage</dt>
          <dd>
            <StorageUse />
          </dd>
        </dl>
      </section>
      <SecuritySection />
      <YourDataSection />
    </div>
  );
}
