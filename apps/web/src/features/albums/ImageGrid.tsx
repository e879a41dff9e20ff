import { closestCenter, DndContext } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { Image } from '@site/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureText } from '../../api/messages.ts';
import { albumAccept } from '../../shared/album-files.ts';
import styles from './album.module.css';
import { reorderInstructions, ReorderHelp, SortableTile, useDragSensors, useReorder } from './drag.tsx';
import { moveToRank } from './ranks.ts';
import { durationText } from './duration.ts';
import { useAlbumCache } from './useAlbumCache.ts';
import { useSignedUrls } from './api/signed-urls.ts';
import { ErrorText } from '../../ui/ErrorText.tsx';
import { useMoveImage } from './api/update-album.ts';

/** The 'Add Image' tile: a picker for any number of images. */
function AddImageTile({ onFiles }: { onFiles: (files: File[]) => void }) {
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    // Cleared so that picking the same file again still counts as a change.
    e.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <label className={`${styles.thumbTile} ${styles.addTile}`}>
      <input type="file" accept={albumAccept} multiple className="visually-hidden" onChange={pick} />
      <span className={styles.addPlus} aria-hidden="true">
        +
      </span>
      <span className={styles.addLabel}>Add Image</span>
    </label>
  );
}

/**
 * The album's 80 px thumbnails in rank order; each opens its image, and one new to the viewer (added since their
 * last visit) carries a 'New' badge. The owner reorders them by dragging (`editable`); the owner and contributors
 * add images with the 'Add Image' tile (`canAdd`).
 */
export function ImageGrid(props: {
  photoAlbumId: string;
  images: Image[];
  editable: boolean;
  canAdd: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { photoAlbumId, images, editable, canAdd, onFiles } = props;
  const cache = useAlbumCache();
  const sensors = useDragSensors();
  const { urlOf } = useSignedUrls(images.map((i) => i.thumbnailId));
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();
  const moveImage = useMoveImage();

  const reorder = useReorder({
    rankOf: (id) => images.find((i) => i.imageId === id)?.rank,
    canSwap: () => true,
    move: (id, rank) => cache.setImages(photoAlbumId, (all) => moveToRank(all, (i) => i.imageId, id, rank)),
    commit: (imageId, rank) => {
      setError(null);
      moveImage.mutate(
        { photoAlbumId, imageId, rank },
        {
          // The album's thumbnail is its first image's, which a move may have changed.
          onSuccess: (album) => cache.putAlbum(album),
          onError: (e) => {
            setError(failureText('move the image', e));
            cache.reloadAll();
          },
        },
      );
    },
  });

  return (
    <div className={styles.gridArea}>
      {error && <ErrorText>{error}</ErrorText>}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ screenReaderInstructions: { draggable: reorderInstructions } }}
        {...reorder}
      >
        {editable && <ReorderHelp id={helpId} />}
        <SortableContext
          items={images.map((i) => i.imageId)}
          strategy={rectSortingStrategy}
          disabled={!editable}
        >
          <ul className={styles.thumbGrid} aria-label="Images">
            {images.map((image, index) => {
              const url = urlOf(image.thumbnailId);
              return (
                <SortableTile key={image.imageId} id={image.imageId} disabled={!editable}>
                  <Link
                    to={`/albums/${photoAlbumId}/${image.imageId}`}
                    className={styles.thumbTile}
                    draggable={false}
                    aria-label={`Image ${index + 1} of ${images.length}${image.video ? `, video ${durationText(image.video.durationMs)}` : ''}${image.isNew ? ', new' : ''}`}
                    aria-describedby={editable ? helpId : undefined}
                  >
                    {image.isNew && (
                      <span className={styles.newBadge} aria-hidden="true">
                        New
                      </span>
                    )}
                    {image.video && (
                      <span className={styles.videoMark} aria-hidden="true">
                        <span>▶</span>
                        {durationText(image.video.durationMs)}
                      </span>
                    )}
                    {url ? (
                      <img src={url} alt="" width={80} height={80} draggable={false} />
                    ) : (
                      <span className={styles.thumbPending} aria-hidden="true" />
                    )}
                  </Link>
                </SortableTile>
              );
            })}
            {canAdd && (
              <li className={styles.addCell}>
                <AddImageTile onFiles={onFiles} />
              </li>
            )}
          </ul>
        </SortableContext>
      </DndContext>
      {images.length === 0 && !canAdd && <p className="muted">This album has no images yet.</p>}
      {images.length === 0 && canAdd && (
        <p className="muted">Add images with the tile above.{editable && ' Drag to reorder them.'}</p>
      )}
    </div>
  );
}
