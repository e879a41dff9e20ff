import { useCallback, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../../ui/Spinner.tsx';
import { LoadFailed } from './LoadFailed.tsx';
import styles from './image.module.css';
import { useFullscreen } from './useFullscreen.ts';
import { useFullSize } from './useFullSize.ts';
import { usePreload } from './usePreload.ts';
import { useStepKeys } from './useStepKeys.ts';
import { useSwipe } from './useSwipe.ts';
import { VideoPicture } from './VideoPicture.tsx';
import { useZoom } from './useZoom.ts';
import { ViewerControls } from './ViewerControls.tsx';
import { needsFullSize, type Box } from './zoom.ts';

/**
 * The picture itself, with arrows to the previous and next image of the album; ← and →, and a sideways swipe when
 * not zoomed, do the same, each replacing the history entry so Back leaves the viewer. The picture zooms (see
 * useZoom) and, once zoomed past the screen-sized picture's own pixels, the full size is loaded and laid exactly
 * over it. Once the picture has loaded, its neighbours load in the background. The stage can go full screen and
 * stays so while stepping through the album.
 */
export function ImageStage(props: {
  /** The picture's URL (a video's poster frame); null for a video kept without a poster. */
  url: string | null;
  /** For a video, its URL (undefined while it is being signed), name and length; null for a photo. */
  video: { url: string | undefined; name: string; durationMs: number } | null;
  alt: string;
  /** Where the arrows lead (image pages), null at the album's ends. */
  previous: string | null;
  next: string | null;
  /** The neighbours' picture URLs, to load ahead. */
  neighbours: (string | null | undefined)[];
  /** Answers the full-size picture's URL, for a zoom past the one shown; null when the one shown is the full size. */
  fullSize: (() => Promise<string>) | null;
  downloadUrl: () => Promise<string>;
  /** The original's download, as ViewerControls takes it. */
  original: (() => Promise<string>) | 'notKept' | null;
}) {
  const { alt, previous, next, neighbours } = props;
  const url = props.url ?? undefined;
  // What is shown: the picture, or a video kept without a poster itself.
  const showing = url ?? props.video?.url;
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<{ url: string; natural: Box } | null>(null);
  // The picture the browser could not load, and how many times Retry was pressed: each press mounts a new element,
  // which asks for it again (a failed load is not kept by the browser's image cache).
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const failed = !!showing && failedUrl === showing;
  const retry = () => {
    setFailedUrl(null);
    setAttempt((n) => n + 1);
  };
  const fullscreen = useFullscreen<HTMLDivElement>();
  const picture = useRef<HTMLImageElement>(null);
  const zoom = useZoom(fullscreen.ref, picture, url);
  const isLoaded = !!showing && loaded?.url === showing;
  const fullUrl = useFullSize(
    url,
    props.fullSize,
    isLoaded && needsFullSize(zoom.view, zoom.picture, loaded.natural, globalThis.devicePixelRatio || 1),
  );

  const step = useCallback(
    (towards: 'previous' | 'next') => {
      const to = towards === 'previous' ? previous : next;
      if (to) void navigate(to, { replace: true });
      return !!to;
    },
    [previous, next, navigate],
  );
  useStepKeys(step);
  // A finger moving left pulls the next picture in, as in every phone's gallery; a zoomed picture pans instead.
  const swipe = useSwipe((towards) => step(towards === 'left' ? 'next' : 'previous'));
  usePreload(isLoaded ? neighbours : []);
  const both =
    (name: keyof typeof swipe) =>
    (e: PointerEvent): void => {
      zoom.handlers[name](e);
      if (!zoom.zoomed) swipe[name](e);
    };

  const { scale, x, y } = zoom.view;
  const transform: CSSProperties = zoom.zoomed
    ? { transform: `translate(${x}px, ${y}px) scale(${scale})` }
    : {};

  return (
    <div
      ref={fullscreen.ref}
      className={`${styles.stage} ${zoom.zoomed ? styles.zoomed : ''}`}
      onPointerDown={both('onPointerDown')}
      onPointerMove={zoom.handlers.onPointerMove}
      onPointerUp={both('onPointerUp')}
      onPointerCancel={both('onPointerCancel')}
    >
      {failed ? (
        <LoadFailed what={props.video ? 'video' : 'photo'} onRetry={retry} />
      ) : (
        !isLoaded &&
        url && (
          <div className={styles.loading}>
            <Spinner label="Loading image" />
          </div>
        )
      )}
      {failed ? null : showing && props.video ? (
        // A video does not zoom: its own controls play, seek and go full screen.
        <VideoPicture
          key={attempt}
          url={props.video.url}
          poster={url ?? null}
          label={alt}
          name={props.video.name}
          durationMs={props.video.durationMs}
          shown={isLoaded}
          onReady={() => setLoaded({ url: showing, natural: { width: 0, height: 0 } })}
          onPosterFailed={() => setFailedUrl(showing)}
          download={props.downloadUrl}
        />
      ) : (
        url && (
          <img
            key={`${url}#${attempt}`}
            ref={picture}
            src={url}
            alt={alt}
            draggable={false}
            className={`${styles.picture} ${isLoaded ? styles.shown : ''}`}
            style={transform}
            onLoad={(e) => {
              const { naturalWidth: width, naturalHeight: height } = e.currentTarget;
              setLoaded({ url, natural: { width, height } });
              zoom.measure();
            }}
            onError={() => setFailedUrl(url)}
          />
        )
      )}
      {fullUrl && (
        // Laid exactly over the screen-sized picture (same box, same zoom), so the swap does not move a pixel.
        <img
          src={fullUrl}
          alt=""
          draggable={false}
          className={styles.fullPicture}
          style={{
            ...transform,
            width: zoom.picture.width,
            height: zoom.picture.height,
            marginLeft: -zoom.picture.width / 2,
            marginTop: -zoom.picture.height / 2,
          }}
        />
      )}
      {previous && (
        <Link
          to={previous}
          replace
          className={`${styles.arrow} ${styles.previous}`}
          aria-label="Previous image"
        >
          <span aria-hidden="true">‹</span>
        </Link>
      )}
      {next && (
        <Link to={next} replace className={`${styles.arrow} ${styles.next}`} aria-label="Next image">
          <span aria-hidden="true">›</span>
        </Link>
      )}
      <ViewerControls
        zoom={props.video || failed ? null : zoom}
        downloadUrl={props.downloadUrl}
        original={props.original}
        fullscreen={fullscreen}
      />
    </div>
  );
}
