import { formatSize } from '../../shared/format.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMembersStorage } from './api/storage.ts';
import styles from './admin.module.css';

/** Every member's storage use against their quota, the largest first. */
export function MembersStorage() {
  const members = useMembersStorage();
  if (members.isError) return <ErrorText>The storage overview could not be loaded</ErrorText>;
  if (!members.data) return <Spinner label="Loading" />;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">Used</th>
          <th scope="col">Quota</th>
        </tr>
      </thead>
      <tbody>
        {members.data.map((m) => (
          <tr key={m.userId}>
            <td>
              {m.displayName && <div>{m.displayName}</div>}
              <div className="muted">{m.emailAddress}</div>
            </td>
            <td>
              {formatSize(m.usedBytes)}
              <meter
                className={styles.meter}
                min={0}
                max={Math.max(m.quotaBytes, 1)}
                high={m.quotaBytes * 0.95}
                value={Math.min(m.usedBytes, m.quotaBytes)}
                aria-label={`Storage used by ${m.emailAddress}`}
              />
            </td>
            <td>{formatSize(m.quotaBytes)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
