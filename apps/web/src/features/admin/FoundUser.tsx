import { useState } from 'react';
import type { AdminUser } from '@site/contract';
import { api, tsr } from '../../api/client.ts';
import styles from './admin.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** A found user: id, address with its Verified box, a box per permission (admin fixed), and Log in as. */
export function FoundUser({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const permissions = tsr.admin.permissions.useQuery({ queryKey: ['admin', 'permissions'] });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (call: () => Promise<{ status: number; body: unknown }>) => {
    setBusy(true);
    setError(null);
    const res = await call().catch(() => null);
    setBusy(false);
    if (res?.status === 200) return onChange(res.body as AdminUser);
    setError(
      (res?.body as { error?: { message?: string } } | undefined)?.error?.message ?? 'The change failed',
    );
  };

  const logInAs = async () => {
    setBusy(true);
    const res = await api.admin.enterMaintenanceMode({ body: { userId: user.userId } }).catch(() => null);
    if (res?.status === 204) return window.location.assign('/');
    setBusy(false);
    setError(res ? res.body.error.message : 'Could not log in as this user');
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
                  api.admin.setEmailVerification({
                    body: { emailAddress: user.emailAddress, isVerified: e.target.checked },
                  }),
                )
              }
            />
            Verified
          </label>
        </dd>
        <dt>Permissions</dt>
        <dd className={styles.inline}>
          {permissions.data?.body.map((p) => (
            <label key={p.name} className={styles.check} title={p.description}>
              <input
                type="checkbox"
                checked={user.permissions.includes(p.name)}
                disabled={busy || p.name === 'admin'}
                onChange={(e) =>
                  void apply(() =>
                    api.admin.setPermissions({
                      body: { userId: user.userId, permissions: { [p.name]: e.target.checked } },
                    }),
                  )
                }
              />
              {p.name}
            </label>
          ))}
        </dd>
      </dl>
      {error && <ErrorText>{error}</ErrorText>}
      <div>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy || user.permissions.includes('admin')}
          onClick={() => void logInAs()}
        >
          Log in as this user
        </button>
      </div>
    </div>
  );
}
