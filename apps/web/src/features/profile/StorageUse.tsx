import { formatSize } from '../../shared/format.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useStorageUse } from './api/storage-use.ts';
import styles from './profile.module.css';

/** "X of Y used", with a bar: files, photos, uploads under way and the trash all count. */
export function StorageUse() {
  const use = useStorageUse();
  if (use.isError) return <ErrorText>Your storage use could not be loaded</ErrorText>;
  if (!use.data) return <span className="muted">…</span>;
  const { usedBytes, quotaBytes } = use.data;
  return (
    <div className={styles.storage}>
      <span>
        {formatSize(usedBytes)} of {formatSize(quotaBytes)} used
      </span>
      <meter
        className={styles.meter}
        min={0}
        max={Math.max(quotaBytes, 1)}
        low={quotaBytes * 0.8}
        high={quotaBytes * 0.95}
        optimum={0}
        value={Math.min(usedBytes, quotaBytes)}
        aria-label="Storage used"
      />
      <span className="muted">Files, photos and the Trash count towards it.</span>
    </div>
  );
}
