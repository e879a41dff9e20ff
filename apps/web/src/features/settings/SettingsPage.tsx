import { api, tsr } from '../../api/client.ts';
import { useCurrentUser } from '../../app/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useUpdateMe } from '../../shared/useUpdateMe.ts';
import styles from './settings.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** Notification preferences: one checkbox per type; checked means the e-mails are wanted (not disabled). */
export default function SettingsPage() {
  const { user } = useCurrentUser();
  const updateMe = useUpdateMe();
  const types = tsr.account.notificationTypes.useQuery({ queryKey: ['notification-types'] });

  if (!user) return null;
  const disabled = new Set(user.disabledNotifications);

  const toggle = async (type: string, enabled: boolean) => {
    const before = user.disabledNotifications;
    updateMe({
      disabledNotifications: enabled ? before.filter((t) => t !== type) : [...before, type].sort(),
    });
    const res = await api.account.updateNotifications({ body: { [type]: !enabled } }).catch(() => null);
    updateMe(res?.status === 200 ? res.body : { disabledNotifications: before });
  };

  return (
    <div className="page">
      <h1>Settings</h1>
      <section className={`card ${styles.panel}`} aria-labelledby="notifications-heading">
        <h2 id="notifications-heading">Notification Preferences</h2>
        <p className="muted">Manange your notification emails.</p>
        {types.isPending ? (
          <Spinner label="Loading notification types" />
        ) : types.data ? (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col" className={styles.check}>
                  Enabled?
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(types.data.body).map(([type, description]) => (
                <tr key={type}>
                  <td>
                    <label htmlFor={`notify-${type}`}>{description}</label>
                  </td>
                  <td className={styles.check}>
                    <input
                      id={`notify-${type}`}
                      type="checkbox"
                      className={styles.box}
                      checked={!disabled.has(type)}
                      onChange={(e) => void toggle(type, e.target.checked)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ErrorText>The notification types could not be loaded.</ErrorText>
        )}
      </section>
    </div>
  );
}
