import { api } from '../api/client.ts';
import styles from './frame.module.css';

/** Shown while an admin acts as another user; leaving returns the session to the admin. */
export function MaintenanceBanner() {
  const leave = async () => {
    await api.admin.leaveMaintenanceMode();
    window.location.assign('/admin/user-search');
  };
  return (
    <div className={styles.banner} role="alert">
      <strong>WARNING: maintenance mode</strong>
      <button type="button" className="btn btn-link" onClick={() => void leave()}>
        Return to my account
      </button>
    </div>
  );
}
