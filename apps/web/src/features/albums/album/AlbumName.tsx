import type { PhotoAlbum } from '@site/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { failureText } from '../../../api/messages.ts';
import styles from '../common/album.module.css';
import { useFocusLater } from '../common/useFocusLater.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useRenameAlbum } from '../api/update-album.ts';

/**
 * The album's name as the page heading. The owner edits it in place: Enter or a click elsewhere saves, Escape
 * or an empty box keeps the old name; the saved name is the one the server answers.
 */
export function AlbumName({ album, editable }: { album: PhotoAlbum; editable: boolean }) {
  const renameAlbum = useRenameAlbum();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(album.name);
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Enter or Escape ends the edit, and the box's blur follows as it goes away; only the first may count.
  const open = useRef(false);
  useFocusLater(input, editing, true);

  const edit = (next: boolean) => {
    open.current = next;
    setEditing(next);
  };

  const commit = async () => {
    if (!open.current) return;
    edit(false);
    const name = draft.trim();
    if (!name || name === album.name) return;
    setSaving(name);
    setError(null);
    try {
      await renameAlbum.mutateAsync({ photoAlbumId: album.photoAlbumId, name });
    } catch (e) {
      setError(failureText('rename the album', e));
    }
    setSaving(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void commit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      edit(false);
    }
  };

  if (editing) {
    return (
      <div className={styles.nameEdit}>
        <label htmlFor="album-name" className="visually-hidden">
          Album name
        </label>
        <input
          id="album-name"
          ref={input}
          className={`input ${styles.nameInput}`}
          value={draft}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void commit()}
        />
      </div>
    );
  }

  const shown = saving ?? album.name;
  return (
    <div className={styles.nameEdit}>
      <h1 className={styles.name}>
        {editable ? (
          <button
            type="button"
            className={styles.nameButton}
            title="Rename album"
            onClick={() => {
              setDraft(album.name);
              setError(null);
              edit(true);
            }}
          >
            <span>{shown}</span>
            <span className={styles.pencil} aria-hidden="true">
              ✎
            </span>
          </button>
        ) : (
          shown
        )}
      </h1>
      {error && <ErrorText>{error}</ErrorText>}
    </div>
  );
}
