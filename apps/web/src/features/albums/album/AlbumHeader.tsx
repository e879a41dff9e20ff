import type { PhotoAlbum } from '@site/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Menu, MenuItem } from '../../../ui/Menu.tsx';
import { AlbumName } from './AlbumName.tsx';
import styles from '../common/album.module.css';
import { ConfirmDelete } from '../common/ConfirmDelete.tsx';
import { ShareWithDialog } from '../sharing/ShareWithDialog.tsx';
import { SharingDialog } from '../sharing/SharingDialog.tsx';
import { useShareRoles } from '../api/queries.ts';
import { albumZipUrl } from '../api/album-zip.ts';
import { useDeleteAlbum } from '../api/delete-album.ts';
import { OrderPicker } from './OrderPicker.tsx';

/**
 * The album screen's top: the way back, the name, a zip download of the photos for everyone who may view them,
 * and the owner's order of the photos and menu (Share, Delete). Share goes straight to 'Share with' while the album is shared with nobody,
 * else to 'Sharing Settings'.
 */
export function AlbumHeader({
  album,
  isOwner,
  verified,
}: {
  album: PhotoAlbum;
  isOwner: boolean;
  verified: boolean;
}) {
  const navigate = useNavigate();
  const deleteAlbum = useDeleteAlbum();
  const [dialog, setDialog] = useState<'share' | 'share-with' | 'share-pending' | 'delete' | null>(null);
  // Loaded with the page, so Share usually knows at once whether there is anything to show besides 'Share with'.
  const shares = useShareRoles(album.photoAlbumId, isOwner && verified);
  const shareDialog = () => (shares.data?.length === 0 ? 'share-with' : 'share');
  // Share chosen before the list came: decide once it has (and only then, so sharing does not switch dialogs).
  if (dialog === 'share-pending' && !shares.isPending) setDialog(shareDialog());

  const remove = async () => {
    await deleteAlbum.mutateAsync(album.photoAlbumId);
    void navigate('/albums');
  };

  return (
    <div className={styles.header}>
      <Link to="/albums" className={styles.back}>
        Back to Photo Albums
      </Link>
      <div className={styles.titleRow}>
        <AlbumName key={album.photoAlbumId} album={album} editable={isOwner} />
        <div className={styles.headerActions}>
          <a
            className={`btn ${styles.menuButton}`}
            href={albumZipUrl(album.photoAlbumId)}
            download
            aria-label="Download as zip"
          >
            <span aria-hidden="true">⤓</span>
            <span className={styles.menuWord}>Download as zip</span>
          </a>
          {isOwner && (
            <Menu
              label="Album actions"
              trigger={
                <button type="button" className={`btn ${styles.menuButton}`}>
                  <span aria-hidden="true">⋯</span>
                  <span className={styles.menuWord}>Actions</span>
                </button>
              }
            >
              <MenuItem
                className="menu-item"
                onSelect={() =>
                  setDialog(!verified ? 'share' : shares.isPending ? 'share-pending' : shareDialog())
                }
              >
                Share
              </MenuItem>
              <MenuItem className="menu-item" onSelect={() => setDialog('delete')}>
                Delete
              </MenuItem>
            </Menu>
          )}
        </div>
      </div>
      {isOwner && (
        <>
          <OrderPicker album={album} />
          <SharingDialog
            photoAlbumId={album.photoAlbumId}
            allowOriginals={album.allowOriginals}
            verified={verified}
            open={dialog === 'share'}
            onOpenChange={(open) => setDialog(open ? 'share' : null)}
          />
          <ShareWithDialog
            photoAlbumId={album.photoAlbumId}
            open={dialog === 'share-with'}
            onOpenChange={(open) => setDialog(open ? 'share-with' : null)}
          />
          <ConfirmDelete
            open={dialog === 'delete'}
            onClose={() => setDialog(null)}
            what="photo album"
            onConfirm={remove}
          />
        </>
      )}
    </div>
  );
}
