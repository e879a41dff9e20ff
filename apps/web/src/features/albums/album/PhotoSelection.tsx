import { maxSelectedPhotos, type Image, type PhotoAlbum } from '@site/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { SelectionBar } from '../../../shared/selection/SelectionBar.tsx';
import type { AlbumSelection } from './useAlbumSelection.ts';
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
 * The album's selection bar and what it leads to: choose the whole album (read or not: `allRead` says whether
 * `images` is all of it), add the chosen photos to another album, download them as one zip, and (when every one
 * is the member's to remove) delete them. Past `maxSelectedPhotos` the bar says so instead of offering a copy the
 * server would refuse; a whole album still downloads and deletes in one request.
 */
export function PhotoSelection({
  album,
  images,
  allRead,
  selection,
  userId,
}: {
  album: PhotoAlbum;
  images: readonly Image[];
  allRead: boolean;
  selection: AlbumSelection;
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
  const count = selection.count;
  const chosen = images.filter((image) => selection.isSelected(image.imageId));
  // Photos not read yet may be anyone's: only the owner removes a whole album unseen.
  const everyOneSeen = !selection.all || allRead;
  const mayDelete =
    count > 0 &&
    (everyOneSeen ? chosen.every((image) => mayRemovePhoto(album, image, userId)) : album.ownerId === userId);
  const request = selection.all ? { allExcept: [...selection.all] } : { imageIds: ids };
  // Unticking more than a request may name is asked of the photos one by one instead.
  const tooMany = selection.all ? selection.all.size > maxSelectedPhotos : count > maxSelectedPhotos;
  const mayCopy = everyOneSeen && count <= maxSelectedPhotos;

  const remove = async () => {
    await removePhotos.mutateAsync({ photoAlbumId, chosen: request });
    selection.clear();
  };

  return (
    <>
      <SelectionBar count={count} onClear={selection.clear}>
        {!selection.all && (
          <button type="button" className="btn" onClick={selection.selectAll}>
            Select all
          </button>
        )}
        {tooMany ? (
          <span>Choose at most {maxSelectedPhotos} at a time.</span>
        ) : (
          <>
            {mayCopy && (
              <button type="button" className="btn" onClick={() => setAdding(true)}>
                <span>
                  Add to <span className={styles.menuWord}>another</span> album
                </span>
              </button>
            )}
            <a className="btn" href={selectionZipUrl(photoAlbumId, request)} download>
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
        title={`DELETE ${photosWord(count)}`}
        description="Are you Sure?"
        confirmLabel="Delete"
        action="delete the photos"
        onConfirm={remove}
      >
        <p className="muted">
          {count === 1 ? 'It goes' : 'They go'} to the Trash (in the account menu), where you can restore{' '}
          {count === 1 ? 'it' : 'them'}.
        </p>
      </ConfirmDialog>
    </>
  );
}
