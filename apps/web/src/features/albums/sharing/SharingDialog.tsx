import type { ShareRole } from '@site/contract';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { failureText } from '../../../api/messages.ts';
import { useShareRoles } from '../api/queries.ts';
import styles from './sharing.module.css';
import { ShareWithDialog } from './ShareWithDialog.tsx';
import { VerifyEmailNotice } from '../common/VerifyEmailNotice.tsx';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useShareAlbum, useUnshareAlbum } from '../api/share-album.ts';
import { useAllowOriginals } from '../api/update-album.ts';
import { shareRoleLabels } from '../common/share-roles.ts';

/**
 * 'Sharing Settings': who the album is shared with, each with its role (Viewer or Can add photos) to change and
 * Remove, and Add (verified owners only); and whether they may download the originals.
 */
export function SharingDialog(props: {
  photoAlbumId: string;
  allowOriginals: boolean;
  verified: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { photoAlbumId, allowOriginals, verified, open, onOpenChange } = props;
  const shares = useShareRoles(photoAlbumId, open && verified);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [changing, setChanging] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const unshareAlbum = useUnshareAlbum();
  const remove = async (emailAddress: string) => {
    setRemoving(emailAddress);
    setError(null);
    try {
      await unshareAlbum.mutateAsync({ photoAlbumId, emailAddress });
    } catch (e) {
      setError(failureText(`stop sharing with ${emailAddress}`, e));
    }
    setRemoving(null);
  };

  const shareAlbum = useShareAlbum();
  const changeRole = async (emailAddress: string, role: ShareRole) => {
    setChanging(emailAddress);
    setError(null);
    try {
      await shareAlbum.mutateAsync({ photoAlbumId, emailAddress, role });
    } catch (e) {
      setError(failureText(`change what ${emailAddress} may do`, e));
    }
    setChanging(null);
  };

  const allow = useAllowOriginals();
  const changeOriginals = async (next: boolean) => {
    setError(null);
    try {
      await allow.mutateAsync({ photoAlbumId, allow: next });
    } catch (e) {
      setError(failureText('change who may download originals', e));
    }
  };

  const list = shares.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setError(null);
        onOpenChange(next);
      }}
      title="Sharing Settings"
    >
      {!verified ? (
        <VerifyEmailNotice purpose="share your albums" />
      ) : shares.isPending ? (
        <Spinner label="Loading shares" />
      ) : shares.isError ? (
        <ErrorText>The sharing settings could not be loaded.</ErrorText>
      ) : list.length === 0 ? (
        <p className="muted">This photo album not currently shared with anyone.</p>
      ) : (
        <>
          <p id="shared-with" className={`label ${styles.shareLabel}`}>
            Shared with
          </p>
          <ul className={styles.shareList} aria-labelledby="shared-with">
            {list.map(({ emailAddress, role }) => (
              <li key={emailAddress} className={styles.shareRow}>
                <span className={styles.shareEmail}>{emailAddress}</span>
                <select
                  className="input"
                  aria-label={`Role of ${emailAddress}`}
                  value={role}
                  disabled={changing !== null || removing !== null}
                  onChange={(e) => void changeRole(emailAddress, e.target.value as ShareRole)}
                >
                  {(Object.keys(shareRoleLabels) as ShareRole[]).map((r) => (
                    <option key={r} value={r}>
                      {shareRoleLabels[r]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="btn"
                  disabled={removing !== null}
                  aria-label={`Remove ${emailAddress}`}
                  onClick={() => void remove(emailAddress)}
                >
                  {removing === emailAddress ? <Spinner label="Removing" /> : 'Remove'}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <label className={styles.originals}>
        <input
          type="checkbox"
          checked={allowOriginals}
          disabled={allow.isPending}
          onChange={(e) => void changeOriginals(e.target.checked)}
        />
        <span>
          Let others download originals
          <span className={`muted ${styles.originalsHint}`}>
            The files as they were taken, with their names, dates and places. Without this, only you and
            whoever added a photo get its original; others get the photo without its details.
          </span>
        </span>
      </label>
      {error && <ErrorText>{error}</ErrorText>}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={() => onOpenChange(false)}>
          Close
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!verified}
          onClick={() => setAdding(true)}
        >
          Add
        </button>
      </div>
      <ShareWithDialog photoAlbumId={photoAlbumId} open={adding} onOpenChange={setAdding} />
    </Dialog>
  );
}
