import type { PhotoAlbum } from '@site/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner.tsx';
import { failureText } from '../../api/messages.ts';
import styles from './album-list.module.css';
import { useAlbumCache } from './useAlbumCache.ts';
import { useCreateAlbum } from './api/create-album.ts';

/**
 * An album in the list: its 100 px thumbnail (or 'Empty') and its name; opens the album. `describedBy` points at
 * the reorder instructions where the tile can be dragged.
 */
export function AlbumTile(props: {
  album: PhotoAlbum;
  thumbnailUrl: string | null | undefined;
  describedBy?: string;
}) {
  const { album, thumbnailUrl, describedBy } = props;
  return (
    <Link
      to={`/albums/${album.photoAlbumId}`}
      className={styles.tile}
      draggable={false}
      aria-describedby={describedBy}
    >
      <span className={styles.thumb}>
        {album.thumbnailId === null ? (
          <span className={styles.empty}>Empty</span>
        ) : thumbnailUrl ? (
          <img src={thumbnailUrl} alt="" width={100} height={100} draggable={false} />
        ) : (
          <span className={styles.pending} aria-hidden="true" />
        )}
      </span>
      <span className={styles.name}>{album.name}</span>
    </Link>
  );
}

/** Spec: the UI creates every album with this name; the owner renames it inline afterwards. */
const newAlbumName = 'New album';

/** The 'New Photo Album' tile: creates an album and opens it; a failure goes to `onError`. */
export function NewAlbumTile({ onError }: { onError: (message: string | null) => void }) {
  const navigate = useNavigate();
  const cache = useAlbumCache();
  const [busy, setBusy] = useState(false);
  const createAlbum = useCreateAlbum();

  const create = async () => {
    setBusy(true);
    onError(null);
    try {
      const album = await createAlbum.mutateAsync(newAlbumName);
      cache.putAlbum(album);
      void navigate(`/albums/${album.photoAlbumId}`);
    } catch (e) {
      onError(failureText('create the album', e));
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`${styles.tile} ${styles.newTile}`}
      onClick={() => void create()}
      disabled={busy}
    >
      <span className={styles.thumb} aria-hidden="true">
        {busy ? <Spinner label="Creating album" /> : <span className={styles.plus}>+</span>}
      </span>
      <span className={styles.name}>New Photo Album</span>
    </button>
  );
}
