import { formatSize } from '../../shared/format.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useBackups } from './api/backups.ts';
import styles from './admin.module.css';

const when = (at: string) => new Date(at).toLocaleString();

/** The scheduled backups: when the last one ran, its size, and whether it passed its verification. */
export function Backups() {
  const backups = useBackups();
  if (backups.isError) return <ErrorText>The backup status could not be loaded</ErrorText>;
  if (!backups.data) return <Spinner label="Loading" />;
  const { enabled, dir, lastAttempt, lastSuccess } = backups.data;
  if (!enabled)
    return (
      <p className="muted">
        The server takes no backups itself with PostgreSQL, with S3 storage unless BACKUP_S3_BUCKET is set, or
        with BACKUP_HOUR=off: back those up with pg_dump and the bucket&apos;s tools, as the README says.
      </p>
    );
  return (
    <dl className={styles.details}>
      <dt>Kept in</dt>
      <dd>{dir}</dd>
      <dt>Last backup</dt>
      <dd>
        {lastAttempt ? (
          <>
            {when(lastAttempt.at)}, {formatSize(lastAttempt.bytes)},{' '}
            {lastAttempt.verified ? (
              <span>verified</span>
            ) : (
              <ErrorText>failed: {lastAttempt.problems.join('; ')}</ErrorText>
            )}
          </>
        ) : (
          'None yet'
        )}
      </dd>
      {lastAttempt && !lastAttempt.verified && (
        <>
          <dt>Last good one</dt>
          <dd>{lastSuccess ? `${when(lastSuccess.at)}, ${formatSize(lastSuccess.bytes)}` : 'None'}</dd>
        </>
      )}
    </dl>
  );
}
