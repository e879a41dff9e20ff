import type { SiteSettings as Settings } from '@site/contract';
import { useState } from 'react';
import { messageOf } from '../../api/messages.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useUpdateSiteSettings } from './api/site-settings.ts';
import styles from './admin.module.css';

/** Settings for the whole site: for now, whether admins must use a second factor. */
export function SiteSettings({ settings }: { settings: Settings }) {
  const update = useUpdateSiteSettings();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="stack">
      <label className={styles.setting}>
        <input
          type="checkbox"
          checked={settings.adminsNeedSecondFactor}
          disabled={update.isPending}
          onChange={(e) => {
            setError(null);
            update.mutate(
              { adminsNeedSecondFactor: e.target.checked },
              { onError: (failure) => setError(messageOf(failure, 'The setting could not be saved.')) },
            );
          }}
        />
        <span>Admins must use a second factor (a passkey or an authenticator app)</span>
      </label>
      <p className={`muted ${styles.note}`}>
        While this is on, an admin without one can use only their profile&apos;s Security section until they
        add one.
      </p>
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
