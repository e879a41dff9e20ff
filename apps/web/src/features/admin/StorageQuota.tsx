import { useState, type FormEvent } from 'react';
import type { AdminUser } from '@site/contract';
import { messageOf } from '../../api/messages.ts';
import { formatSize } from '../../shared/format.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useSetStorageQuota } from './api/storage.ts';
import styles from './admin.module.css';

const GB = 1_000_000_000;

/** A found user's storage: what they use of which quota, and a field to give them their own (in GB). */
export function StorageQuota({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const { usedBytes, quotaBytes, ownQuotaBytes } = user.storage;
  const setQuota = useSetStorageQuota();
  const [gigabytes, setGigabytes] = useState(ownQuotaBytes === null ? '' : String(ownQuotaBytes / GB));
  const [error, setError] = useState<string | null>(null);

  const save = (quota: number | null) => {
    setError(null);
    setQuota.mutate(
      { userId: user.userId, quotaBytes: quota },
      {
        onSuccess: (changed) => {
          setGigabytes(
            changed.storage.ownQuotaBytes === null ? '' : String(changed.storage.ownQuotaBytes / GB),
          );
          onChange(changed);
        },
        onError: (e) => setError(messageOf(e, 'The quota could not be changed')),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(gigabytes);
    if (gigabytes.trim() === '' || !Number.isFinite(value) || value < 0) {
      setError('Enter a number of GB, 0 or more');
      return;
    }
    save(Math.round(value * GB));
  };

  return (
    <div className={styles.storage}>
      <span>
        {formatSize(usedBytes)} of {formatSize(quotaBytes)} used
        {ownQuotaBytes === null && <span className="muted"> (the default quota)</span>}
      </span>
      <form className={styles.searchRow} onSubmit={submit} noValidate>
        <label className="visually-hidden" htmlFor={`quota-${user.userId}`}>
          Own quota in GB
        </label>
        <input
          id={`quota-${user.userId}`}
          className={`input ${styles.quota}`}
          inputMode="decimal"
          placeholder="GB"
          value={gigabytes}
          onChange={(e) => setGigabytes(e.target.value)}
        />
        <button type="submit" className="btn" disabled={setQuota.isPending}>
          Set quota
        </button>
        {ownQuotaBytes !== null && (
          <button type="button" className="btn" disabled={setQuota.isPending} onClick={() => save(null)}>
            Use default
          </button>
        )}
      </form>
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
