import { Spinner } from '../../ui/Spinner.tsx';
import { CloseIcon } from './icons.tsx';
import type { UploadItem } from './useUploads.ts';
import styles from './uploads.module.css';

/** The 'Uploads' panel at the bottom right: a spinner per running upload, then DONE (click to clear) or FAILED. */
export function UploadsPanel({
  items,
  onDismiss,
  onClose,
}: {
  items: UploadItem[];
  onDismiss: (id: number) => void;
  onClose: () => void;
}) {
  return (
    <section className={styles.uploads} aria-labelledby="uploads-title">
      <header className={styles.uploadsHeader}>
        <h2 id="uploads-title">Uploads</h2>
        <button
          type="button"
          className={`btn btn-ghost ${styles.iconButton}`}
          aria-label="Close uploads"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </header>
      {items.length === 0 ? (
        <p className={`muted ${styles.uploadsEmpty}`}>No uploads.</p>
      ) : (
        <ul className={styles.uploadList}>
          {items.map((item) => (
            <li key={item.id} className={styles.uploadItem}>
              <div className={styles.uploadText}>
                <span className={styles.uploadName} title={item.name}>
                  {item.name}
                </span>
                {item.state === 'failed' && <span className={styles.uploadReason}>{item.reason}</span>}
              </div>
              {item.state === 'uploading' && <Spinner label={`Uploading ${item.name}`} />}
              {item.state === 'done' && (
                <button
                  type="button"
                  className={styles.done}
                  title="Clear"
                  onClick={() => onDismiss(item.id)}
                >
                  DONE
                </button>
              )}
              {item.state === 'failed' && (
                <button
                  type="button"
                  className={styles.failed}
                  title="Clear"
                  onClick={() => onDismiss(item.id)}
                >
                  FAILED
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
