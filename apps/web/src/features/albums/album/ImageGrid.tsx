import { closestCenter, DndContext } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { photoUrl, type Image } from '@site/contract';
import { useFocusLastSeen } from '../common/last-seen.ts';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { failureText } from '../../../api/messages.ts';
import { albumAccept } from '../../../shared/album-files.ts';
import styles from '../common/album.module.css';
import {
  reorderInstructions,
  ReorderHelp,
  SortableTile,
  useDragSensors,
  useReorder,
} from '../common/drag.tsx';
import { durationText } from './duration.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useMoveImage } from '../api/update-album.ts';
import type { ListSelection } from '../../../shared/selection/useSelection.ts';
import { usePressSelect } from '../../../shared/selection/usePressSelect.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { useNearEnd } from '../../../ui/useNearEnd.ts';
import { useGridWindow } from './useGridWindow.ts';
import { PlainVideoThumb } from './PlainVideoThumb.tsx';

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
 * The album's 80 px thumbnails in its order, as many as are read (`images` of `total`; scrolling near the end reads
 * `more`); only the rows near the screen are in the page, however long the album. Each opens its image, and one
 * new to the viewer (added since their last visit) carries a 'New' badge. The owner reorders them by dragging (`editable`); the owner and contributors
 * add images with the 'Add Image' tile (`canAdd`). Photos are chosen together (`selection`) by each tile's check
 * box, a ctrl/cmd- or shift-click, a long press on a touch screen, and then any click or tap; from a check box,
 * the arrow keys move to the next tile, which Shift adds.
 */
export function ImageGrid(props: {
  photoAlbumId: string;
  images: Image[];
  total: number;
  more: boolean;
  readMore: () => void;
  editable: boolean;
  canAdd: boolean;
  onFiles: (files: File[]) => void;
  selection: ListSelection;
}) {
  const { photoAlbumId, images, total, more, readMore, editable, canAdd, onFiles, selection } = props;
  const end = useNearEnd<HTMLDivElement>(more, readMore, images.length);
  const press = usePressSelect(selection);
  const cells = useGridWindow<HTMLUListElement>(images.length + (canAdd ? 1 : 0));
  const { grid, scrollTo } = cells;
  // A tile to focus once its row is in the page (after scrolling to it).
  const focusWanted = useRef<string | null>(null);
  useLayoutEffect(() => {
    const id = focusWanted.current;
    const tile = id && grid.current?.querySelector<HTMLElement>(id);
    if (!tile) return;
    focusWanted.current = null;
    tile.focus();
  });
  // Focusing a tile in the page scrolls it into view; one further away is scrolled to first.
  const reveal = (index: number, selector: string) => {
    const tile = grid.current?.querySelector<HTMLElement>(selector);
    if (tile) return tile.focus();
    focusWanted.current = selector;
    scrollTo(index);
  };
  const sensors = useDragSensors();
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();
  const moveImage = useMoveImage();
  useFocusLastSeen(photoAlbumId, images.length > 0, (imageId) => {
    const index = images.findIndex((image) => image.imageId === imageId);
    if (index >= 0) reveal(index, `a[href="/albums/${photoAlbumId}/${imageId}"]`);
  });

  const reorder = useReorder({
    rankOf: (id) => images.find((i) => i.imageId === id)?.rank,
    canSwap: () => true,
    move: (imageId, rank) => moveImage.moveLocally({ photoAlbumId, imageId, rank }),
    commit: (imageId, rank) => {
      setError(null);
      moveImage.mutate(
        { photoAlbumId, imageId, rank },
        { onError: (e) => setError(failureText('move the image', e)) },
      );
    },
  });

  const step = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    const by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[e.key];
    // Space and the arrows belong to the check box here, not to the tile's keyboard reordering.
    if (e.key === ' ' || by) e.stopPropagation();
    if (!by) return;
    e.preventDefault();
    const to = index + (e.key === 'ArrowUp' || e.key === 'ArrowDown' ? by * cells.columns : by);
    const [from, target] = [images[index]?.imageId, images[to]?.imageId];
    if (!from || !target) return;
    if (e.shiftKey) selection.stepTo(from, target);
    reveal(to, `[data-photo-check="${target}"]`);
  };
  const shown = images.slice(cells.from, cells.to);

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
          items={shown.map((i) => i.imageId)}
          strategy={rectSortingStrategy}
          disabled={!editable}
        >
          <ul
            ref={grid}
            className={`${styles.thumbGrid} ${selection.active ? styles.selecting : ''}`}
            aria-label="Images"
            style={{ paddingTop: cells.padTop, paddingBottom: cells.padBottom }}
          >
            {shown.map((image, at) => {
              const index = cells.from + at;
              const id = image.imageId;
              const selected = selection.isSelected(id);
              return (
                <SortableTile key={id} id={id} disabled={!editable}>
                  <Link
                    to={`/albums/${photoAlbumId}/${id}`}
                    className={`${styles.thumbTile} ${selected ? styles.selected : ''}`}
                    draggable={false}
                    aria-label={`Image ${index + 1} of ${total}${image.video ? `, video ${durationText(image.video.durationMs)}` : ''}${image.isNew ? ', new' : ''}`}
                    aria-describedby={editable ? helpId : undefined}
                    {...press.holdHandlers(id)}
                    onClick={(e) => {
                      if (press.click(e, id)) e.preventDefault();
                    }}
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
                    {image.thumbnailId === null ? (
                      <PlainVideoThumb name={image.original?.name ?? 'Video'} />
                    ) : (
                      <img
                        src={photoUrl(photoAlbumId, image.thumbnailId)}
                        alt=""
                        width={80}
                        height={80}
                        draggable={false}
                      />
                    )}
                  </Link>
                  <input
                    type="checkbox"
                    className={styles.check}
                    checked={selected}
                    readOnly
                    aria-label={`Select image ${index + 1}`}
                    aria-keyshortcuts="Space Shift+ArrowLeft Shift+ArrowRight Shift+ArrowUp Shift+ArrowDown Escape"
                    data-photo-check={id}
                    onMouseDown={(e) => e.stopPropagation()}
                    onTouchStart={(e) => e.stopPropagation()}
                    onClick={(e) => (e.shiftKey ? selection.extendTo(id) : selection.toggle(id))}
                    onKeyDown={(e) => step(index, e)}
                  />
                </SortableTile>
              );
            })}
            {canAdd && cells.to > images.length && (
              <li className={styles.addCell}>
                <AddImageTile onFiles={onFiles} />
              </li>
            )}
          </ul>
        </SortableContext>
      </DndContext>
      {more && (
        <div ref={end}>
          <Spinner label="Loading more images" />
        </div>
      )}
      {images.length === 0 && !canAdd && <p className="muted">This album has no images yet.</p>}
      {images.length === 0 && canAdd && (
        <p className="muted">Add images with the tile above.{editable && ' Drag to reorder them.'}</p>
      )}
    </div>
  );
}
