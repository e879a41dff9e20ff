import type { ReactNode } from 'react';
import styles from './selection.module.css';

/** Stays at the top of the screen while items are selected: how many, the actions that apply, and Clear. */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className={styles.bar} role="toolbar" aria-label="Selection">
      <span className={styles.count} role="status">
        {count} selected
      </span>
      <div className={styles.actions}>{children}</div>
      <button type="button" className="btn btn-ghost" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
