import { reloadIntoUpdate, useUpdateWaiting } from './service-worker.ts';
import styles from './frame.module.css';

/** Offers the new build once its service worker waits; the member picks the moment, so no form is lost. */
export function UpdatePrompt() {
  if (!useUpdateWaiting()) return null;
  return (
    <div className={styles.update} role="status">
      <span>A new version is available.</span>
      <button type="button" className="btn btn-primary" onClick={reloadIntoUpdate}>
        Reload
      </button>
    </div>
  );
}
