import { useState } from 'react';
import { failureText } from '../../../api/messages.ts';
import { durationText } from '../album/duration.ts';
import { FilmIcon } from '../common/FilmIcon.tsx';
import styles from './image.module.css';

/**
 * A video in the viewer: played with the browser's own controls (seeking asks the store for byte ranges), its
 * poster frame shown until it plays. A video kept without a poster (the browser that added it could not decode
 * it) shows a plain card with its name and length until it plays. A video this browser cannot play (a codec it
 * lacks) shows its poster, or that card, and a download instead, as DESIGN.md says.
 */
export function VideoPicture(props: {
  /** The video's signed URL; undefined while it is being signed. */
  url: string | undefined;
  /** Its poster frame's URL; null for a video kept without one. */
  poster: string | null;
  label: string;
  /** The video's name and length, shown where it has no poster. */
  name: string;
  durationMs: number;
  shown: boolean;
  onReady: () => void;
  /** The poster shown in place of a video this browser cannot play could not be loaded either. */
  onPosterFailed: () => void;
  /** Answers a URL that downloads the video as an attachment under a name that says what it is. */
  download: () => Promise<string>;
}) {
  const { url, poster, label } = props;
  const [failed, setFailed] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const plain = (
    <div className={styles.plainVideo}>
      <FilmIcon size={48} />
      <span className={styles.plainVideoName}>{props.name}</span>
      <span>{durationText(props.durationMs)}</span>
    </div>
  );
  if (url && failed === url) {
    return (
      <div className={styles.videoFallback}>
        {poster ? (
          <img
            src={poster}
            alt={label}
            className={`${styles.picture} ${styles.shown}`}
            onLoad={props.onReady}
            onError={props.onPosterFailed}
          />
        ) : (
          plain
        )}
        <p role="status">
          This browser can’t play this video.{' '}
          <a
            href={url}
            download={props.name}
            onClick={(e) => {
              // The server's download names the file and sends it as an attachment, from either store.
              e.preventDefault();
              setDownloadError(null);
              props.download().then(
                (to) => window.location.assign(to),
                (error: unknown) => setDownloadError(failureText('download this video', error)),
              );
            }}
          >
            Download
          </a>{' '}
          it to watch it.
        </p>
        {downloadError && <p role="alert">{downloadError}</p>}
      </div>
    );
  }
  return (
    <>
      {!poster && !props.shown && plain}
      <video
        key={url}
        src={url}
        poster={poster ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        className={`${styles.picture} ${props.shown ? styles.shown : ''} ${poster ? '' : styles.posterless}`}
        onLoadedMetadata={(e) => {
          // A file whose video track this browser cannot decode may still load, showing nothing: not played.
          const { videoWidth, videoHeight } = e.currentTarget;
          if (videoWidth === 0 && videoHeight === 0) setFailed(url ?? null);
          else props.onReady();
        }}
        onError={() => setFailed(url ?? null)}
      />
    </>
  );
}
