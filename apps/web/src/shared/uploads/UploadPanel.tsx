import { useRef } from 'react';
import { progressText, summaryText, totals } from './figures.ts';
import { ProgressBar } from './ProgressBar.tsx';
import { UploadLine } from './UploadLine.tsx';
import { uploads, useUploads } from './upload-store.ts';
import styles from './uploads.module.css';
import { usePanelRoom } from './usePanelRoom.ts';

/**
 * The 'Uploads' panel at the bottom right, for files and album photos alike: a summary, the total progress while
 * anything is under way, and a line per upload; X closes it (uploads under way carry on).
 */
export function UploadPanel() {
  return useUploads().open ? <OpenPanel /> : null;
}

/** The panel while it is open, with room made for it at the bottom of the page (usePanelRoom). */
function OpenPanel() {
  const { items, note } = useUploads();
  const panel = useRef<HTMLElement>(null);
  usePanelRoom(panel);
  const sum = totals(items);
  const figures = sum.total === null ? 'Preparing…' : progressText(sum.loaded, sum.total, sum.speed);
  return (
    <section ref={panel} className={styles.panel} aria-labelledby="uploads-title">
      <header className={styles.header}>
        <h2 id="uploads-title" className={styles.title}>
          Uploads
        </h2>
        <span className={styles.summary} aria-live="polite">
          {summaryText(sum)}
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
      {sum.active > 0 && (
        <div className={styles.total}>
          <ProgressBar
            label="All uploads"
            loaded={sum.loaded}
            total={sum.total}
            text={figures}
            paused={sum.uploading === 0}
          />
          <span className={styles.figures}>{figures}</span>
        </div>
      )}
      {note && (
        <p className={styles.note} role="status">
          {note}
        </p>
      )}
      {items.length === 0 ? (
        !note && <p className={`muted ${styles.empty}`}>No uploads.</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <UploadLine key={item.key} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
