import { formatSize } from '../format.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { isActive, progressText } from './figures.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { UnfinishedLine } from './UnfinishedLine.tsx';
import { uploads, type UploadItem } from './upload-store.ts';
import styles from './uploads.module.css';

/** The words before the figures: why the bytes are not moving, when they are not. */
const standing: Partial<Record<UploadItem['state'], string>> = {
  paused: 'Paused · ',
  offline: 'Offline — will continue · ',
};

/**
 * One upload: its name, a bar with the bytes, percent, speed and time left, and what can be done with it now
 * (Pause or Resume, Cancel; Retry; DONE or FAILED, which take it off the list).
 */
export function UploadLine({ item }: { item: UploadItem }) {
  if (item.state === 'unfinished') return <UnfinishedLine item={item} />;
  const { key, name, state, loaded, total } = item;
  const moving = state === 'uploading';
  const figures =
    total === null
      ? `${standing[state] ?? ''}Preparing…`
      : `${standing[state] ?? ''}${progressText(loaded, total, moving ? item.speed : null)}`;
  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <span className={styles.name} title={name}>
          {name}
        </span>
        {isActive(item) && (
          <>
            <ProgressBar
              label={`Upload of ${name}`}
              loaded={loaded}
              total={total}
              text={figures}
              paused={!moving}
            />
            <span className={styles.figures}>{figures}</span>
          </>
        )}
        {state === 'failed' && <span className={styles.reason}>{item.reason}</span>}
        {state === 'done' && total !== null && <span className={styles.figures}>{formatSize(total)}</span>}
      </div>
      <div className={styles.actions}>
        {(moving || state === 'offline') && item.canPause && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => uploads.pause(key)}
            aria-label={`Pause ${name}`}
          >
            Pause
          </button>
        )}
        {moving && <Spinner label={`Uploading ${name}`} />}
        {state === 'paused' && (
          <button
            type="button"
            className="btn"
            onClick={() => uploads.resume(key)}
            aria-label={`Resume ${name}`}
          >
            Resume
          </button>
        )}
        {isActive(item) && item.canPause && (
          <button
            type="button"
            className={`btn btn-ghost ${styles.cancel}`}
            onClick={() => uploads.remove(key)}
            aria-label={`Cancel the upload of ${name}`}
          >
            <span aria-hidden="true">×</span>
          </button>
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
