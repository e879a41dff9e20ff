import { useId, useState } from 'react';
import type { AdminUser } from '@site/contract';
import { messageOf } from '../../api/messages.ts';
import { useCurrentUser } from '../../api/session.ts';
import { useSetEmailVerification, useSetPermissions } from './api/change-user.ts';
import { useEnterMaintenanceMode } from './api/enter-maintenance-mode.ts';
import { usePermissions } from './api/permissions.ts';
import { StorageQuota } from './StorageQuota.tsx';
import styles from './admin.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';

/**
 * A found user: id, address with its Verified box, a box per permission (admin fixed), storage with their quota, and
 * Log in as.
 */
export function FoundUser({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const permissions = usePermissions();
  const setEmailVerification = useSetEmailVerification();
  const setPermissions = useSetPermissions();
  const enterMaintenanceMode = useEnterMaintenanceMode();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (change: () => Promise<AdminUser>) => {
    setBusy(true);
    setError(null);
    try {
      onChange(await change());
    } catch (e) {
      setError(messageOf(e, 'The change failed'));
    } finally {
      setBusy(false);
    }
  };

  const { user: me } = useCurrentUser();
  const reasonId = useId();
  // The server refuses both (403, 409); the screen says why before the click.
  const cannotActAs =
    user.userId === me?.userId
      ? 'This is your own account.'
      : user.permissions.includes('admin')
        ? 'Admins cannot act as another admin.'
        : user.disabled
          ? 'Enable the account again to act as it.'
          : null;

  const logInAs = () => {
    setBusy(true);
    enterMaintenanceMode.mutate(user.userId, {
      onError: (e) => {
        setBusy(false);
        setError(messageOf(e, 'Could not log in as this user'));
      },
    });
  };

  return (
    <div className={styles.user}>
      <dl className={styles.details}>
        <dt>User id</dt>
        <dd>
          <code>{user.userId}</code>
        </dd>
        <dt>E-mail</dt>
        <dd className={styles.inline}>
          <span>{user.emailAddress}</span>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={user.isEmailVerified}
              disabled={busy}
              onChange={(e) =>
                void apply(() =>
                  setEmailVerification.mutateAsync({
                    emailAddress: user.emailAddress,
                    isVerified: e.target.checked,
                  }),
                )
              }
            />
            Verified
          </label>
        </dd>
        <dt>Permissions</dt>
        <dd className={styles.inline}>
          {permissions.data?.map((p) => (
            <label key={p.name} className={styles.check} title={p.description}>
              <input
                type="checkbox"
                checked={user.permissions.includes(p.name)}
                disabled={busy || p.name === 'admin'}
                onChange={(e) =>
                  void apply(() =>
                    setPermissions.mutateAsync({
                      userId: user.userId,
                      permissions: { [p.name]: e.target.checked },
                    }),
                  )
                }
              />
              {p.name}
            </label>
          ))}
        </dd>
        <dt>Account</dt>
        <dd>{user.disabled ? 'Disabled: cannot sign in' : 'Enabled'}</dd>
        <dt>Second factor</dt>
        <dd>{user.secondFactor ? 'On (passkey or authenticator app)' : 'Off'}</dd>
        <dt>Storage</dt>
        <dd>
          <StorageQuota user={user} onChange={onChange} />
        </dd>
      </dl>
      {error && <ErrorText>{error}</ErrorText>}
      <div className={styles.inline}>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy || cannotActAs !== null}
          aria-describedby={cannotActAs ? reasonId : undefined}
          onClick={logInAs}
        >
          Log in as this user
        </button>
        {cannotActAs && (
          <span id={reasonId} className="muted">
            {cannotActAs}
          </span>
        )}
      </div>
    </div>
  );
}
