import styles from './uploads.module.css';

/**
 * A bar filled to `loaded` of `total`, as a progressbar with its values for assistive technology; `total` null
 * is an indeterminate bar (the size is not known yet).
 */
export function ProgressBar({
  label,
  loaded,
  total,
  text,
  paused = false,
}: {
  label: string;
  loaded: number;
  total: number | null;
  /** The figures in words (aria-valuetext). */
  text: string;
  paused?: boolean;
}) {
  const percent = total ? Math.min(100, (loaded / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total ?? undefined}
      aria-valuenow={total === null ? undefined : loaded}
      aria-valuetext={text}
      className={`${styles.bar} ${paused ? styles.barPaused : ''}`}
    >
      <span
        className={total === null ? styles.barUnknown : styles.barFill}
        style={total === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
