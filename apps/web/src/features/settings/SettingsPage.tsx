import { useCurrentUser } from '../../api/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useNotificationTypes } from './api/notification-types.ts';
import { useSetNotification } from './api/update-notifications.ts';
import styles from './settings.module.css';
import { ErrorText } from '../../ui/ErrorText.tsx';

/** Notification preferences: one checkbox per type; checked means the e-mails are wanted (not disabled). */
export default function SettingsPage() {
  const { user } = useCurrentUser();
  const types = useNotificationTypes();
  const setNotification = useSetNotification();

  if (!user) return null;
  const disabled = new Set(user.disabledNotifications);

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
              {Object.entries(types.data).map(([type, description]) => (
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
                      onChange={(e) => setNotification.mutate({ type, enabled: e.target.checked })}
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
