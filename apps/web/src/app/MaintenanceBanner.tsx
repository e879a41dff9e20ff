import { useLeaveMaintenanceMode } from '../features/admin/api/leave-maintenance-mode.ts';
import styles from './frame.module.css';

/** Shown while an admin acts as another user; leaving returns the session to the admin. */
export function MaintenanceBanner() {
  const leave = useLeaveMaintenanceMode();
  return (
    <div className={styles.banner} role="alert">
      <strong>WARNING: maintenance mode</strong>
      <button type="button" className="btn btn-link" onClick={() => leave.mutate()}>
        Return to my account
      </button>
    </div>
  );
}
