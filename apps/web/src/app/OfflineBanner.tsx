import { useOnline } from '../api/connection.ts';
import styles from './frame.module.css';

/**
 * Says the network is gone, calmly: the games, the demos and what is already on the screen still work, and the
 * rest comes back by itself with the connection. A polite live region that is always there (so the change is
 * read out), but not a role=status: that role marks the site's loading spinners, which pages wait to be gone.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div className={styles.offline} aria-live="polite">
      {!online && (
        <>
          <strong>You are offline.</strong> Games, demos and what is already open still work; the rest comes
          back with the connection.
        </>
      )}
    </div>
  );
}
