import { useState } from 'react';
import { failureText } from '../../api/messages.ts';
import styles from './image.module.css';
import { DownloadIcon, ExitFullscreenIcon, FullscreenIcon, FullSizeIcon } from './viewer-icons.tsx';

/**
 * The viewer's buttons, over the picture's top corner so they stay at hand in full screen: the full-size picture
 * instead of the screen-sized one (only when the image has both), Download, and full screen.
 */
export function ViewerControls(props: {
  /** Whether the full size is shown; null when the image has no smaller rendition to switch from. */
  fullSize: boolean | null;
  onFullSize: () => void;
  /** Answers a URL that downloads the full-size image. */
  downloadUrl: () => Promise<string>;
  fullscreen: { on: boolean; supported: boolean; toggle: () => void };
}) {
  const { fullSize, onFullSize, downloadUrl, fullscreen } = props;
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = async () => {
    setDownloadError(null);
    try {
      // The server sends it as an attachment: the browser saves it and this page stays.
      window.location.assign(await downloadUrl());
    } catch (e) {
      setDownloadError(failureText('download this image', e));
    }
  };

  return (
    <div className={styles.controls}>
      <div className={styles.controlRow}>
        {fullSize !== null && (
          <button type="button" className={styles.control} aria-pressed={fullSize} onClick={onFullSize}>
            <FullSizeIcon />
            <span className={styles.controlWord}>Full size</span>
          </button>
        )}
        <button type="button" className={styles.control} onClick={() => void download()}>
          <DownloadIcon />
          <span className={styles.controlWord}>Download</span>
        </button>
        {fullscreen.supported && (
          <button type="button" className={styles.control} onClick={fullscreen.toggle}>
            {fullscreen.on ? <ExitFullscreenIcon /> : <FullscreenIcon />}
            <span className={styles.controlWord}>{fullscreen.on ? 'Exit full screen' : 'Full screen'}</span>
          </button>
        )}
      </div>
      {downloadError && (
        <p role="alert" className={styles.controlError}>
          {downloadError}
        </p>
      )}
    </div>
  );
}
