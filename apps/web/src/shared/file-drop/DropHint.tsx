import styles from './file-drop.module.css';

/** Says, while files hover over a drop target, where letting go puts them. */
export function DropHint({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <div className={styles.hint} role="status" data-testid="file-drop-hint">
      {text}
    </div>
  );
}

/** The class that outlines the area files would land in while they hover. */
export const dropAreaClass = styles.area;
