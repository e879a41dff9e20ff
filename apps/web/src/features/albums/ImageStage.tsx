import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './image.module.css';
import { useFullscreen } from './useFullscreen.ts';
import { usePreload } from './usePreload.ts';
import { useStepKeys } from './useStepKeys.ts';
import { useSwipe } from './useSwipe.ts';
import { VideoPicture } from './VideoPicture.tsx';
import { ViewerControls } from './ViewerControls.tsx';

/**
 * The picture itself, with arrows to the previous and next image of the album; ← and →, and a sideways swipe, do
 * the same. Once the picture has loaded, its neighbours load in the background. The stage can go full screen and
 * stays so while stepping through the album.
 */
export function ImageStage(props: {
  /** The picture's URL (a video's poster frame); undefined while it is being signed. */
  url: string | undefined;
  /** For a video, its URL (undefined while it is being signed); null for a photo. */
  video: { url: string | undefined } | null;
  alt: string;
  /** Where the arrows lead (image pages), null at the album's ends. */
  previous: string | null;
  next: string | null;
  /** The neighbours' picture URLs, to load ahead. */
  neighbours: (string | null | undefined)[];
  fullSize: boolean | null;
  onFullSize: () => void;
  downloadUrl: () => Promise<string>;
  /** The original's download, as ViewerControls takes it. */
  original: (() => Promise<string>) | 'notKept' | null;
}) {
  const { url, alt, previous, next, neighbours } = props;
  const navigate = useNavigate();
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const fullscreen = useFullscreen<HTMLDivElement>();

  const step = useCallback(
    (towards: 'previous' | 'next') => {
      const to = towards === 'previous' ? previous : next;
      if (to) void navigate(to);
      return !!to;
    },
    [previous, next, navigate],
  );
  useStepKeys(step);
  // A finger moving left pulls the next picture in, as in every phone's gallery.
  const swipe = useSwipe((towards) => step(towards === 'left' ? 'next' : 'previous'));
  usePreload(url && loadedUrl === url ? neighbours : []);

  return (
    <div ref={fullscreen.ref} className={styles.stage} {...swipe}>
      {url && failedUrl === url ? (
        <p className={styles.missing}>Not Found</p>
      ) : (
        loadedUrl !== url && (
          <div className={styles.loading}>
            <Spinner label="Loading image" />
          </div>
        )
      )}
      {url && props.video ? (
        <VideoPicture
          url={props.video.url}
          poster={url}
          label={alt}
          shown={loadedUrl === url}
          onReady={() => setLoadedUrl(url)}
        />
      ) : (
        url && (
          <img
            key={url}
            src={url}
            alt={alt}
            draggable={false}
            className={`${styles.picture} ${loadedUrl === url ? styles.shown : ''}`}
            onLoad={() => setLoadedUrl(url)}
            onError={() => setFailedUrl(url)}
          />
        )
      )}
      {previous && (
        <Link to={previous} className={`${styles.arrow} ${styles.previous}`} aria-label="Previous image">
          <span aria-hidden="true">‹</span>
        </Link>
      )}
      {next && (
        <Link to={next} className={`${styles.arrow} ${styles.next}`} aria-label="Next image">
          <span aria-hidden="true">›</span>
        </Link>
      )}
      <ViewerControls
        fullSize={props.fullSize}
        onFullSize={props.onFullSize}
        downloadUrl={props.downloadUrl}
        original={props.original}
        fullscreen={fullscreen}
      />
    </div>
  );
}
