import { FilmIcon } from '../common/FilmIcon.tsx';
import styles from '../common/album.module.css';

/**
 * Where a video kept without a poster (the browser that added it could not decode it) has its thumbnail: a film
 * icon and the video's name; the tile's play mark says how long it plays, as for any video.
 */
export function PlainVideoThumb({ name }: { name: string }) {
  return (
    <span className={styles.plainVideo}>
      <FilmIcon />
      <span className={styles.plainVideoName}>{name}</span>
    </span>
  );
}
