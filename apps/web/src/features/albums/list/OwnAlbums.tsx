import { closestCenter, DndContext } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import type { PhotoAlbum } from '@site/contract';
import { useId, useState } from 'react';
import { failureText } from '../../../api/messages.ts';
import { AlbumTile } from './AlbumTile.tsx';
import { NewAlbumTile } from './NewAlbumTile.tsx';
import styles from './album-list.module.css';
import {
  reorderInstructions,
  ReorderHelp,
  SortableTile,
  useDragSensors,
  useReorder,
} from '../common/drag.tsx';
import { groupAlbums, periodOf, withGroupFor, type GroupingMode } from './grouping.ts';
import { byRank, placeholderRank } from '../common/ranks.ts';
import { ErrorText } from '../../../ui/ErrorText.tsx';
import { useMoveAlbum } from '../api/update-album.ts';

/** A tile of a group: an album, or (album null) the 'New Photo Album' placeholder. */
interface Tile {
  rank: number;
  album: PhotoAlbum | null;
}

/** The group's tiles in rank order; the placeholder's rank makes it the last (spec). */
const tilesOf = (albums: PhotoAlbum[], withPlaceholder: boolean): Tile[] =>
  byRank<Tile>([
    ...albums.map((album) => ({ rank: album.rank, album })),
    ...(withPlaceholder ? [{ rank: placeholderRank, album: null }] : []),
  ]);

/**
 * The user's own albums as grids of drag-reorderable tiles, grouped as chosen, with the 'New Photo Album' tile
 * last in the group a new album will join (spec: the placeholder sorts after every album).
 */
export function OwnAlbums(props: { ownerId: string; albums: PhotoAlbum[]; mode: GroupingMode }) {
  const { ownerId, albums, mode } = props;
  const sensors = useDragSensors();
  const moveAlbum = useMoveAlbum();
  const [error, setError] = useState<string | null>(null);
  const helpId = useId();
  const { groups, key: newTileGroup } = withGroupFor(groupAlbums(albums, mode), mode, new Date());
  const groupOf = (id: string) => {
    const album = albums.find((a) => a.photoAlbumId === id);
    return album && periodOf(new Date(album.createdAt), mode).key;
  };

  const reorder = useReorder({
    rankOf: (id) => albums.find((a) => a.photoAlbumId === id)?.rank,
    // Groups follow creation dates, which a drag cannot change; a tile moves within its own group only.
    canSwap: (a, b) => groupOf(a) === groupOf(b),
    move: (photoAlbumId, rank) => moveAlbum.moveLocally({ ownerId, photoAlbumId, rank }),
    commit: (id, rank) => {
      setError(null);
      moveAlbum.mutate(
        { photoAlbumId: id, rank },
        { onError: (e) => setError(failureText('move the album', e)) },
      );
    },
  });

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ screenReaderInstructions: { draggable: reorderInstructions } }}
      {...reorder}
    >
      <ReorderHelp id={helpId} />
      {error && <ErrorText>{error}</ErrorText>}
      {groups.map((group) => (
        <section key={group.key} className={styles.group} aria-label={group.label ?? 'My photo albums'}>
          {group.label && <h2 className={styles.groupTitle}>{group.label}</h2>}
          <SortableContext items={group.items.map((a) => a.photoAlbumId)} strategy={rectSortingStrategy}>
            <ul className={styles.grid}>
              {tilesOf(group.items, group.key === newTileGroup).map((tile) =>
                tile.album ? (
                  <SortableTile key={tile.album.photoAlbumId} id={tile.album.photoAlbumId}>
                    <AlbumTile album={tile.album} describedBy={helpId} />
                  </SortableTile>
                ) : (
                  <li key="new" className={styles.cell}>
                    <NewAlbumTile />
                  </li>
                ),
              )}
            </ul>
          </SortableContext>
        </section>
      ))}
    </DndContext>
  );
}
