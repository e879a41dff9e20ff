import { useState } from 'react';
import styles from './image.module.css';

/**
 * A video in the viewer: played with the browser's own controls (seeking asks the store for byte ranges), its
 * poster frame shown until it plays. A video this browser cannot play (a codec it lacks) shows its poster and a
 * download instead, as DESIGN.md says.
 */
export function VideoPicture(props: {
  /** The video's signed URL; undefined while it is being signed. */
  url: string | undefined;
  poster: string;
  label: string;
  shown: boolean;
  onReady: () => void;
}) {
  const { url, poster, label } = props;
  const [failed, setFailed] = useState<string | null>(null);
  if (url && failed === url) {
    return (
      <div className={styles.videoFallback}>
        <img
          src={poster}
          alt={label}
          className={`${styles.picture} ${styles.shown}`}
          onLoad={props.onReady}
        />
        <p>
          This browser cannot play this video.{' '}
          <a href={url} download>
            Download the video
          </a>{' '}
          to watch it.
        </p>
      </div>
    );
  }
  return (
    <video
      key={url}
      src={url}
      poster={poster}
      controls
      playsInline
      preload="metadata"
      aria-label={label}
      className={`${styles.picture} ${props.shown ? styles.shown : ''}`}
      onLoadedMetadata={props.onReady}
      onError={() => setFailed(url ?? null)}
    />
  );
}
