import { useState } from 'react';
import { failureText } from '../../../api/messages.ts';
import styles from './image.module.css';
import {
  DownloadIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  OriginalIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from './viewer-icons.tsx';
import { maxScale } from './zoom.ts';

/**
 * The viewer's buttons, over the picture's top corner so they stay at hand in full screen: zoom in and out (as
 * the wheel, two fingers and + / - do; not for a video), Download, the original for whoever may have it, and full screen.
 */
export function ViewerControls(props: {
  /** The picture's zoom; null for a video, which does not zoom (its own controls go full screen). */
  zoom: { view: { scale: number }; zoomIn: () => void; zoomOut: () => void } | null;
  /** Answers a URL that downloads the full-size image. */
  downloadUrl: () => Promise<string>;
  /**
   * Answers a URL that downloads the original, for whoever may have it; `notKept` when they may but the photo has
   * none (added before originals were kept, or from a file of a type not kept); null when it is not theirs to have.
   */
  original: (() => Promise<string>) | 'notKept' | null;
  fullscreen: { on: boolean; supported: boolean; toggle: () => void };
}) {
  const { zoom, downloadUrl, original, fullscreen } = props;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const download = async (url: () => Promise<string>, what: string) => {
    setDownloadError(null);
    setNotice(null);
    try {
      // The server sends it as an attachment: the browser saves it and this page stays.
      window.location.assign(await url());
    } catch (e) {
      setDownloadError(failureText(`download ${what}`, e));
    }
  };

  return (
    <div className={styles.controls}>
      <div className={styles.controlRow}>
        {zoom && (
          <>
            <button
              type="button"
              className={`${styles.control} ${styles.iconControl}`}
              title="Zoom in (+)"
              onClick={zoom.zoomIn}
              disabled={zoom.view.scale >= maxScale}
            >
              <ZoomInIcon />
              <span className={styles.iconWord}>Zoom in</span>
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={zoom.zoomOut}
              disabled={zoom.view.scale <= 1}
            >
              <ZoomOutIcon />
              <span className={styles.iconWord}>Zoom out</span>
            </button>
          </>
        )}
        <button
          type="button"
          className={styles.control}
          onClick={() => void download(downloadUrl, 'this image')}
        >
          <DownloadIcon />
          <span className={styles.controlWord}>Download</span>
        </button>
        {original && (
          <button
            type="button"
            className={`${styles.control} ${original === 'notKept' ? styles.controlMuted : ''}`}
            onClick={() =>
              original === 'notKept'
                ? setNotice('The original of this photo was not kept: only this copy is.')
                : void download(original, 'the original')
            }
          >
            <OriginalIcon />
            <span className={styles.controlWord}>
              {original === 'notKept' ? 'No original' : 'Download original'}
            </span>
          </button>
        )}
        {fullscreen.supported && (
          <button
            type="button"
            className={`${styles.control} ${styles.iconControl}`}
            title={fullscreen.on ? 'Exit full screen' : 'Full screen'}
            onClick={fullscreen.toggle}
          >
            {fullscreen.on ? <ExitFullscreenIcon /> : <FullscreenIcon />}
            <span className={styles.iconWord}>{fullscreen.on ? 'Exit full screen' : 'Full screen'}</span>
          </button>
        )}
      </div>
      {notice && (
        <p role="status" className={styles.controlNotice}>
          {notice}
        </p>
      )}
      {downloadError && (
        <p role="alert" className={styles.controlError}>
          {downloadError}
        </p>
      )}
    </div>
  );
}
