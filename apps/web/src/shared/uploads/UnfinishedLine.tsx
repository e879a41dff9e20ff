import type { ChangeEvent } from 'react';
import { formatSize } from '../format.ts';
import { uploads, type UploadItem } from './upload-store.ts';
import styles from './uploads.module.css';

/**
 * An upload a page before this one left unfinished: where it was going, and a way to choose the same file again,
 * which carries it on (the browser gives a page a file only when the member picks it).
 */
export function UnfinishedLine({ item }: { item: UploadItem }) {
  const { key, name, place, total, reason } = item;
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) uploads.continueWith(key, file);
  };
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.unfinished}>
          Unfinished: <strong>{name}</strong> — choose it again to continue
        </span>
        <span className={styles.figures}>
          {[place && `To ${place}`, total !== null && formatSize(total)].filter(Boolean).join(' · ')}
        </span>
        {reason && <span className={styles.reason}>{reason}</span>}
      </div>
      <div className={styles.actions}>
        <label className="btn">
          Choose…
          <input type="file" hidden aria-label={`Choose ${name} again`} onChange={onPicked} />
        </label>
        <button
          type="button"
          className={`btn btn-ghost ${styles.cancel}`}
          onClick={() => uploads.remove(key)}
          aria-label={`Forget the upload of ${name}`}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}
