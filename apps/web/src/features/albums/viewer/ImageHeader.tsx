import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Menu, MenuItem } from '../../../ui/Menu.tsx';
import styles from '../common/album.module.css';
import { ConfirmDelete } from '../common/ConfirmDelete.tsx';
import { formatDateTime } from '../../../shared/format.ts';

/**
 * The image screen's top: back to the album, where this image sits in it, whether it is new to the viewer (as its
 * thumbnail in the album says), when it was taken (when its EXIF said), who added it, and Delete for whoever may
 * remove it (the owner, or the contributor who added it).
 */
export function ImageHeader(props: {
  photoAlbumId: string;
  albumName: string;
  position: string | null;
  isNew: boolean;
  addedBy: string | null;
  takenAt: string | null;
  canDelete: boolean;
  onDelete: () => Promise<void>;
}) {
  const { photoAlbumId, albumName, position, isNew, addedBy, takenAt, canDelete, onDelete } = props;
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.header}>
      <Link to={`/albums/${photoAlbumId}`} className={styles.back}>
        Back to Photo Album
      </Link>
      <div className={styles.titleRow}>
        <h1 className={`${styles.name} ${styles.imageTitle}`}>
          {albumName}
          {position && <span className={styles.position}>{position}</span>}
          {isNew && <span className={styles.newMark}>New</span>}
        </h1>
        {canDelete && (
          <>
            <Menu
              label="Image actions"
              trigger={
                <button type="button" className={`btn ${styles.menuButton}`}>
                  <span aria-hidden="true">⋯</span>
                  <span className={styles.menuWord}>Actions</span>
                </button>
              }
            >
              <MenuItem className="menu-item" onSelect={() => setConfirming(true)}>
                Delete
              </MenuItem>
            </Menu>
            <ConfirmDelete
              open={confirming}
              onClose={() => setConfirming(false)}
              what="image"
              onConfirm={onDelete}
            />
          </>
        )}
      </div>
      {(takenAt || addedBy) && (
        <p className="muted">
          {takenAt && `Taken ${formatDateTime(takenAt)}`}
          {takenAt && addedBy && ' · '}
          {addedBy && `Added by ${addedBy}`}
        </p>
      )}
    </div>
  );
}
