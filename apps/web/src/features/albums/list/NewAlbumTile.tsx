import { useState } from 'react';
import styles from './album-list.module.css';
import { NewAlbumDialog } from './NewAlbumDialog.tsx';

/** The 'New Photo Album' tile: asks for the new album's name, then opens the album. */
export function NewAlbumTile() {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={`${styles.tile} ${styles.newTile}`} onClick={() => setAsking(true)}>
        <span className={styles.thumb} aria-hidden="true">
          <span className={styles.plus}>+</span>
        </span>
        <span className={styles.name}>New Photo Album</span>
      </button>
      <NewAlbumDialog open={asking} onOpenChange={setAsking} />
    </>
  );
}
