import { formatSize } from '../format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { progressText } from './figures.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { uploads, type UploadItem } from './upload-store.ts';
import styles from './uploads.module.css';

/**
 * One upload: its name, a bar with the bytes, percent, speed and time left, and what can be done with it now
 * (Pause or Resume; Retry; DONE or FAILED, which take it off the list).
 */
export function UploadLine({ item }: { item: UploadItem }) {
  const { key, name, state, loaded, total } = item;
  const active = state === 'uploading' || state === 'paused';
  const figures =
    total === null
      ? 'Preparing…'
      : `${state === 'paused' ? 'Paused · ' : ''}${progressText(loaded, total, state === 'paused' ? null : item.speed)}`;
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        {active && (
          <>
            <ProgressBar
              label={`Upload of ${name}`}
              loaded={loaded}
              total={total}
              text={figures}
              paused={state === 'paused'}
            />
            <span className={styles.figures}>{figures}</span>
          </>
        )}
        {state === 'failed' && <span className={styles.reason}>{item.reason}</span>}
        {state === 'done' && total !== null && <span className={styles.figures}>{formatSize(total)}</span>}
      </div>
      <div className={styles.actions}>
        {state === 'uploading' && item.canPause && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => uploads.pause(key)}
            aria-label={`Pause ${name}`}
          >
            Pause
          </button>
        )}
        {state === 'uploading' && <Spinner label={`Uploading ${name}`} />}
        {state === 'paused' && (
          <>
            <button
              type="button"
              className="btn"
              onClick={() => uploads.resume(key)}
              aria-label={`Resume ${name}`}
            >
              Resume
            </button>
            <button
              type="button"
              className={`btn btn-ghost ${styles.cancel}`}
              onClick={() => uploads.remove(key)}
              aria-label={`Cancel the upload of ${name}`}
            >
              <span aria-hidden="true">×</span>
            </button>
          </>
        )}
        {state === 'failed' && item.canRetry && (
          <button
            type="button"
            className="btn"
            onClick={() => uploads.resume(key)}
            aria-label={`Retry ${name}`}
          >
            Retry
          </button>
        )}
        {(state === 'done' || state === 'failed') && (
          <button
            type="button"
            className={state === 'done' ? styles.doneBadge : styles.failedBadge}
            onClick={() => uploads.remove(key)}
            aria-label={`${name}: ${state === 'done' ? 'DONE' : 'FAILED'}. Remove from list`}
            title="Remove from list"
          >
            {state === 'done' ? 'DONE' : 'FAILED'}
          </button>
        )}
      </div>
    </li>
  );
}
