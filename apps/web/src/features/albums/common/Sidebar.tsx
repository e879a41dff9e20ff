import { useId, useState, type ReactNode } from 'react';
import styles from './sidebar.module.css';

/**
 * A collapsible 400 px panel beside the content (spec); below 760 px it becomes a section under the content.
 * Collapsed, it keeps a narrow strip with its title so it can be opened again.
 */
export function Sidebar({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  return (
    <aside className={`${styles.sidebar} ${open ? '' : styles.collapsed}`} aria-labelledby={`${id}-title`}>
      <h2 className={styles.heading}>
        <button
          type="button"
          className={styles.header}
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          <span id={`${id}-title`} className={styles.title}>
            {title}
          </span>
          <span className={styles.chevron} aria-hidden="true" />
        </button>
      </h2>
      <div id={`${id}-body`} className={styles.body} hidden={!open}>
        {children}
      </div>
    </aside>
  );
}
