import { maxSelectedPhotos, type Image, type PhotoAlbum } from '@site/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SelectionBar } from '../../../shared/selection/SelectionBar.tsx';
import type { ListSelection } from '../../../shared/selection/useSelection.ts';
import { AddToAnotherAlbumDialog, type AddedPhotos } from './AddToAnotherAlbumDialog.tsx';
import { mayRemovePhoto } from '../common/album-permissions.ts';
import { selectionZipUrl, useRemovePhotos } from '../api/photo-selection.ts';
import { photosWord } from '../common/photos-word.ts';
import styles from '../common/album.module.css';

/** What adding to another album came to, in words. */
function addedText({ albumName, added, duplicates }: AddedPhotos): string {
  if (added === 0) return `“${albumName}” already has ${duplicates === 1 ? 'this photo' : 'these photos'}.`;
  const skipped =
    duplicates === 0 ? '' : ` ${photosWord(duplicates)} ${duplicates === 1 ? 'was' : 'were'} already there.`;
  return `Added ${photosWord(added)} to “${albumName}”.${skipped}`;
}

/**
 * The album's selection bar and what it leads to: add the chosen photos to another album, download them as one
 * zip, and (when every one is the member's to remove) delete them. Past `maxSelectedPhotos` the bar says so
 * instead of offering what the server would refuse.
 */
export function PhotoSelection({
  album,
  images,
  selection,
  userId,
}: {
  album: PhotoAlbum;
  images: readonly Image[];
  selection: ListSelection;
  userId: string;
}) {
  const removePhotos = useRemovePhotos();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [added, setAdded] = useState<AddedPhotos | null>(null);
  // A new selection replaces what the last one came to.
  if (selection.active && added) setAdded(null);
  const { photoAlbumId } = album;
  const ids = selection.selected;
  const chosen = images.filter((image) => selection.isSelected(image.imageId));
  const tooMany = ids.length > maxSelectedPhotos;
  const mayDelete = chosen.length > 0 && chosen.every((image) => mayRemovePhoto(album, image, userId));

  const remove = async () => {
    await removePhotos.mutateAsync({ photoAlbumId, imageIds: ids });
    selection.clear();
  };

  return (
    <>
      <SelectionBar count={ids.length} onClear={selection.clear}>
        {tooMany ? (
          <span>Choose at most {maxSelectedPhotos} at a time.</span>
        ) : (
          <>
            <button type="button" className="btn" onClick={() => setAdding(true)}>
              <span>
                Add to <span className={styles.menuWord}>another</span> album
              </span>
            </button>
            <a className="btn" href={selectionZipUrl(photoAlbumId, ids)} download>
              <span>
                Download <span className={styles.menuWord}>as zip</span>
              </span>
            </a>
            {mayDelete && (
              <button type="button" className="btn" onClick={() => setDeleting(true)}>
                Delete
              </button>
            )}
          </>
        )}
      </SelectionBar>
      {added && (
        <p className={`success-text ${styles.selectionNotice}`} role="status">
          {addedText(added)}{' '}
          {added.added > 0 && <Link to={`/albums/${added.photoAlbumId}`}>Open “{added.albumName}”</Link>}
        </p>
      )}
      <AddToAnotherAlbumDialog
        fromAlbumId={photoAlbumId}
        imageIds={ids}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(result) => {
          setAdded(result);
          selection.clear();
        }}
      />
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={`DELETE ${photosWord(ids.length)}`}
        description="Are you Sure?"
        confirmLabel="Delete"
        action="delete the photos"
        onConfirm={remove}
      >
        <p className="muted">
          {ids.length === 1 ? 'It goes' : 'They go'} to the Trash (in the account menu), where you can restore{' '}
          {ids.length === 1 ? 'it' : 'them'}.
        </p>
      </ConfirmDialog>
    </>
  );
}
