import { photoUrl, type PhotoAlbum } from '@site/contract';
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './album-list.module.css';
import { FilmIcon } from '../common/FilmIcon.tsx';

/** Whether an element's text is cut (clamped or ellipsed), measured after layout and again when `text` changes. */
function useIsCut<E extends HTMLElement>(text: string) {
  const ref = useRef<E>(null);
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el) setCut(el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1);
  }, [text]);
  return [ref, cut] as const;
}

/** What is new to the viewer: a 'New' badge for an album never opened, else the count of photos added since. */
function NewMark({ album }: { album: PhotoAlbum }) {
  if (album.isNew) return <span className={styles.badge}>New</span>;
  const count = album.newImages ?? 0;
  if (count === 0) return null;
  return <span className={styles.badge}>{count === 1 ? '1 new photo' : `${count} new photos`}</span>;
}

/**
 * An album in the list: its 100 px thumbnail (or 'Empty', or a film for an album of videos without posters), its name and, for an album shared with the viewer, who
 * shared it; marks what is new since the viewer last looked; opens the album. A name cut to fit shows in full on
 * hover and on keyboard focus. `describedBy` points at the reorder instructions where the tile can be dragged.
 */
export function AlbumTile(props: {
  album: PhotoAlbum;
  describedBy?: string;
  /** Show the owner's name (albums shared with the viewer). */
  showOwner?: boolean;
}) {
  const { album, describedBy, showOwner = false } = props;
  const owner = showOwner ? album.ownerName : undefined;
  const [nameRef, nameCut] = useIsCut<HTMLSpanElement>(album.name);
  const [ownerRef, ownerCut] = useIsCut<HTMLSpanElement>(owner ?? '');
  return (
    <Link
      to={`/albums/${album.photoAlbumId}`}
      className={styles.tile}
      draggable={false}
      aria-describedby={describedBy}
    >
      {(nameCut || ownerCut) && (
        // First, so the name stays the tile's last text; the link's own text already says this to a screen reader.
        <span className={styles.fullName} aria-hidden="true">
          {album.name}
          {owner !== undefined && <span className={styles.fullOwner}>from {owner}</span>}
        </span>
      )}
      <span className={styles.thumb}>
        {album.thumbnailId === null ? (
          // Only videos kept without posters have no thumbnail to show: a film stands for them.
          <span className={styles.empty}>{album.isEmpty ? 'Empty' : <FilmIcon size={36} />}</span>
        ) : (
          <img
            src={photoUrl(album.photoAlbumId, album.thumbnailId)}
            alt=""
            width={100}
            height={100}
            draggable={false}
          />
        )}
        <NewMark album={album} />
      </span>
      <span ref={nameRef} className={styles.name}>
        {album.name}
      </span>
      {owner !== undefined && (
        <span ref={ownerRef} className={styles.owner}>
          from {owner}
        </span>
      )}
    </Link>
  );
}
