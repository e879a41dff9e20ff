import { Spinner } from '../../ui/Spinner.tsx';
import styles from './uploads.module.css';
import { uploads, useUploads, type UploadItem } from './upload-store.ts';

function Item({ item }: { item: UploadItem }) {
  if (item.state === 'UPLOADING') {
    return (
      <li className={styles.item}>
        <span className={styles.fileName}>
          <span className={styles.nameText}>{item.name}</span>
        </span>
        <Spinner label={`Uploading ${item.name}`} />
      </li>
    );
  }
  const failed = item.state === 'FAILED';
  return (
    <li>
      <button
        type="button"
        className={`${styles.item} ${styles.done} ${failed ? styles.failed : ''}`}
        onClick={() => uploads.remove(item.key)}
        aria-label={`${item.name}: ${failed ? item.error : 'DONE'}. Remove from list`}
      >
        <span className={styles.fileName}>
          <span className={styles.nameText}>{item.name}</span>
          {failed && <span className={styles.error}>{item.error}</span>}
        </span>
        <span className={failed ? styles.failedBadge : styles.doneBadge}>{failed ? 'FAILED' : 'DONE'}</span>
      </button>
    </li>
  );
}

/** The 'Uploads' panel at the bottom right: one line per picked image; X closes it. */
export function UploadPanel() {
  const { open, items } = useUploads();
  if (!open) return null;
  const busy = items.filter((i) => i.state === 'UPLOADING').length;
  return (
    <section className={styles.panel} aria-labelledby="uploads-title">
      <header className={styles.header}>
        <h2 id="uploads-title" className={styles.title}>
          Uploads
        </h2>
        <span className={styles.count} aria-live="polite">
          {busy > 0 ? `${busy} in progress` : 'All done'}
        </span>
        <button
          type="button"
          className={`btn btn-ghost ${styles.close}`}
          onClick={() => uploads.close()}
          aria-label="Close uploads"
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((item) => (
            <Item key={item.key} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
