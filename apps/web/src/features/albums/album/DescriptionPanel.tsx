import type { PhotoAlbum } from '@site/contract';
import { useRef, useState } from 'react';
import { failureText } from '../../../api/messages.ts';
import styles from '../common/album.module.css';
import { Sidebar } from '../common/Sidebar.tsx';
import { useFocusLater } from '../common/useFocusLater.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useDescribeAlbum } from '../api/update-album.ts';

/** The Description sidebar: the text, and for the owner Edit, then Save or Cancel. */
export function DescriptionPanel({ album, editable }: { album: PhotoAlbum; editable: boolean }) {
  const describeAlbum = useDescribeAlbum();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  useFocusLater(box, draft !== null);

  const save = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      const description = draft.trim();
      await describeAlbum.mutateAsync({ photoAlbumId: album.photoAlbumId, description });
      setDraft(null);
    } catch (e) {
      setError(failureText('save the description', e));
    }
    setSaving(false);
  };

  return (
    <Sidebar title="Description">
      {draft === null ? (
        <div className="stack">
          {album.description ? (
            <p className={styles.description}>{album.description}</p>
          ) : (
            <p className="muted">
              {editable ? 'No description yet. Say what this album is about.' : 'No description.'}
            </p>
          )}
          {editable && (
            <div>
              <button type="button" className="btn" onClick={() => setDraft(album.description)}>
                Edit
              </button>
            </div>
          )}
        </div>
      ) : (
        <div className="stack">
          <label htmlFor="album-description" className="visually-hidden">
            Description
          </label>
          <textarea
            id="album-description"
            ref={box}
            className={`input ${styles.descriptionBox}`}
            value={draft}
            maxLength={10_000}
            rows={8}
            onChange={(e) => setDraft(e.target.value)}
          />
          {error && <ErrorText>{error}</ErrorText>}
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void save()} disabled={saving}>
              Save
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setDraft(null);
                setError(null);
              }}
              disabled={saving}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </Sidebar>
  );
}
