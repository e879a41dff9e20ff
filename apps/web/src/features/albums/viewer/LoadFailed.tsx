import styles from './image.module.css';

/**
 * Said on the stage in place of a picture the browser could not load (its file gone from the store, the network
 * down): without it the stage kept its spinner or a bare "Not Found". Retry asks for the picture again.
 */
export function LoadFailed(props: { what: 'photo' | 'video'; onRetry: () => void }) {
  return (
    <div className={styles.failed} role="alert">
      <p>This {props.what} could not be loaded.</p>
      <button type="button" className={styles.retry} onClick={props.onRetry}>
        Retry
      </button>
    </div>
  );
}
